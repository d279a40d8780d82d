import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU ms of this process's waited-for children and their descendants so far (/proc/self/stat cutime + cstime). */
function childrenCpuMs(): number {
  const stat = readFileSync("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // Fields 16 and 17 of stat(5), counted from the state (field 3) at index 0.
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / TICKS_PER_SECOND;
}

/** Wall and CPU ms of one run of `command args` in `cwd` (it must exit 0). */
function timed(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) {
  const cpuBefore = childrenCpuMs();
  const started = performance.now();
  const result = spawnSync(command, args, { cwd, env, encoding: "utf8", timeout: 3_600_000, maxBuffer: 64 << 20 });
  const wallMs = performance.now() - started;
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(" ")} failed (${result.status}): ${`${result.stdout}${result.stderr}`.slice(-2000)}`,
    );
  return { wallMs: Math.round(wallMs), cpuMs: Math.round(childrenCpuMs() - cpuBefore) };
}

/** Ms until `command args` first writes a line to stdout; the process is then stopped (SIGINT, as Ctrl-C). */
function msToFirstLine(command: string, args: string[], cwd: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"], detached: true });
    let stderr = "";
    let firstLineMs: number | null = null;
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    child.stdout.on("data", (chunk: Buffer) => {
      if (firstLineMs !== null || !chunk.toString("utf8").includes("\n")) return;
      firstLineMs = performance.now() - started;
      // The whole group: npm, the shell it runs the script in, envrigger and its task processes.
      process.kill(-child.pid!, "SIGINT");
    });
    child.on("exit", (code) => {
      if (firstLineMs === null) reject(new Error(`${command} ${args.join(" ")} exited ${code} silently: ${stderr}`));
      else resolve(Math.round(firstLineMs));
    });
  });
}

/**
 * A fresh clone, as a newcomer gets it: `git clone` of the commit measured, `npm ci` timed
 * (wall, and CPU of the whole process tree: the native builds of isolated-vm and
 * better-sqlite3, the `prepare` build), then the README's first commands in it — `npm
 * start` until its first line, the launcher's `--help` and the tour's first `baseline`
 * — beside `npx envrigger --help` with an empty npx cache (what the README used to show:
 * npx installs the checkout into its cache and rebuilds it). One round each: `npm ci` takes
 * minutes.
 */
export async function benchFreshClone() {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const commit = spawnSync("git", ["rev-parse", "HEAD"], { cwd: root, encoding: "utf8" }).stdout.trim();
  const work = mkdtempSync(join(tmpdir(), "envrigger-clone-"));
  const clone = join(work, "envrigger");
  try {
    timed("git", ["clone", "--quiet", "--no-checkout", root, clone], work);
    timed("git", ["checkout", "--quiet", commit], clone);
    const install = timed("npm", ["ci", "--no-audit", "--no-fund", "--prefer-offline"], clone);
    // Each figure is logged as it is measured: a later step that fails does not lose the install's.
    process.stderr.write(`  npm ci: ${install.wallMs} ms wall, ${install.cpuMs} ms CPU\n`);
    const launcher = "./bin/envrigger.js";
    const startFirstLineMs = await msToFirstLine("npm", ["start"], clone);
    process.stderr.write(`  npm start, first line: ${startFirstLineMs} ms\n`);
    const help = timed(launcher, ["--help"], clone);
    const baseline = timed(
      launcher,
      ["baseline", "--env", "bugfix", "--policy", "hasty", "--episodes", "20", "--json"],
      clone,
    );
    const npxHelp = timed("npx", ["envrigger", "--help"], clone, {
      ...process.env,
      npm_config_cache: join(work, "npm-cache"),
    });
    return {
      freshCloneCommit: commit,
      npmCiWallMs: install.wallMs,
      npmCiCpuMs: install.cpuMs,
      npmStartFirstLineMs: startFirstLineMs,
      launcherHelpMs: help.wallMs,
      launcherBaselineMs: baseline.wallMs,
      firstNpxHelpMs: npxHelp.wallMs,
      firstNpxHelpOverLauncher: Number((npxHelp.wallMs / help.wallMs).toFixed(1)),
    };
  } finally {
    // A process of the clone may still be ending (npm start's group, npx's prepare build): retry.
    rmSync(work, { recursive: true, force: true, maxRetries: 10, retryDelay: 1000 });
  }
}
