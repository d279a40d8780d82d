import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { ensureBuilt } from "./ensure-built.js";
import { median } from "./measure.js";

/** Wall milliseconds of one run of `command args` (it must exit 0). */
function wallMs(command: string, args: string[]): number {
  const started = performance.now();
  const result = spawnSync(command, args, { encoding: "utf8", timeout: 60_000, maxBuffer: 16 * 1024 * 1024 });
  const elapsed = performance.now() - started;
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(" ")} failed (${result.status}): ${result.stderr.slice(-1000)}`);
  return elapsed;
}

/**
 * Start-up of the compiled CLI: `envrigger envs --json` (the installed binary, run by its
 * shebang as a shell would) and `envrigger --help`, each timed beside a bare `node -e 0`,
 * interleaved round by round so machine load hits all three alike; medians of `rounds`.
 */
export function benchCliStartup(rounds = 9) {
  ensureBuilt();
  const bin = fileURLToPath(new URL("../bin/envrigger.js", import.meta.url));
  const bare: number[] = [];
  const envs: number[] = [];
  const help: number[] = [];
  // One warm-up round: the first run of a file reads it from disk.
  wallMs(process.execPath, ["-e", "0"]);
  wallMs(bin, ["envs", "--json"]);
  for (let round = 0; round < rounds; round++) {
    bare.push(wallMs(process.execPath, ["-e", "0"]));
    envs.push(wallMs(bin, ["envs", "--json"]));
    help.push(wallMs(bin, ["--help"]));
  }
  const bareMs = median(bare);
  return {
    bareNodeMs: Number(bareMs.toFixed(1)),
    envsJsonMs: Number(median(envs).toFixed(1)),
    envsJsonOverBareNode: Number((median(envs) / bareMs).toFixed(2)),
    helpMs: Number(median(help).toFixed(1)),
    helpOverBareNode: Number((median(help) / bareMs).toFixed(2)),
  };
}
