import { spawn, type ChildProcess } from "node:child_process";
import { servedUrl } from "./served-url.js";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { productStackDependencies } from "../src/app/product-stack-dependencies.js";
import type { HarnessStackSpec } from "../src/harness/harness-stack-spec.js";
import { CandidateStore } from "../src/rigger/candidate-store.js";
import { loadServedSet } from "../src/serve/load-served-set.js";
import { startServeServer } from "../src/serve/start-serve-server.js";
import { OpenEnvTestClient } from "../src/testing/openenv-test-client.js";
import { ensureBuilt } from "./ensure-built.js";
import { median } from "./measure.js";

const root = join(import.meta.dirname, "..");
const step = { type: "step", data: { text: "<call> read </call>" } };

/** Refuses `submit` until `run_tests` ran (memory kept across the episode), as an accepted require-verification stack does. */
const verifySource = `export default defineRules({
  filterAction(action, context) {
    if (action.name === "submit" && context.memory.verified !== true) return { block: "run the tests before submit" };
    return undefined;
  },
  modifyTransition(action, transition, context) {
    if (action.name === "run_tests") context.memory.verified = true;
    return undefined;
  },
});
`;
const hintSource = `export default defineRules({
  filterObservation(observation, context) {
    return { text: observation.text + "\\n(turn " + context.turn + ")" };
  },
});
`;
const countSource = `export default defineRules({
  filterAction(action, context) {
    context.memory.calls = (typeof context.memory.calls === "number" ? context.memory.calls : 0) + 1;
    return undefined;
  },
});
`;
const loopSource = `export default defineRules({\n  filterAction(action) {\n    while (true) {}\n  },\n});\n`;

const stackOf = (sources: string[], taskId = "clamp-0"): HarnessStackSpec => ({
  version: 1,
  base: { env: "bugfix", taskId },
  layers: sources.map((source) => ({ kind: "rules" as const, source })),
});

type Variant = "bare" | "one" | "three";

/** Resident memory of a process and its descendants, bytes (Linux /proc; worker threads are in the process). */
function treeResidentBytes(pid: number): number {
  let total = 0;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    total += match ? Number(match[1]) * 1024 : 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
      for (const child of children ? children.split(" ") : []) total += treeResidentBytes(Number(child));
    }
  } catch {
    // The process ended while it was read.
  }
  return total;
}

/** `envrigger serve` from the compiled package (as users run it) on a free loopback port. */
async function startServer(variant: Variant, stacks: Record<Exclude<Variant, "bare">, string>) {
  const target = variant === "bare" ? ["--env", "bugfix", "--task", "clamp-0"] : ["--stack", stacks[variant]];
  const child = spawn(
    process.execPath,
    [
      "--no-node-snapshot",
      join(root, "dist", "cli", "main.js"),
      "serve",
      ...target,
      "--port",
      "0",
      "--max-sessions",
      "300",
      "--json",
    ],
    { cwd: root, stdio: ["ignore", "pipe", "inherit"] },
  );
  const url = await servedUrl(child);
  return { child, url };
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

const percentile = (values: number[], fraction: number) => {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;
};

interface ScaleRun {
  resetMs: number;
  stepP50Ms: number;
  stepP99Ms: number;
  residentMegabytes: number;
  errors: number;
  /** 1 when the server process died during the case (its figures are then those of what was answered before). */
  crashed: number;
}

/** One fresh server: `sessions` clients connect and reset together, then all take `steps` steps at once. */
async function measureScale(
  variant: Variant,
  sessions: number,
  steps: number,
  stacks: Record<Exclude<Variant, "bare">, string>,
): Promise<ScaleRun> {
  const { child, url } = await startServer(variant, stacks);
  let answered = 0;
  const clients: OpenEnvTestClient[] = [];
  // A server that dies mid-case fails the case (every request not answered is an error) instead of leaving the bench waiting.
  let crashed = 0;
  const died = new Promise<void>((resolve) =>
    child.once("exit", () => {
      crashed = 1;
      resolve();
    }),
  );
  const unlessDied = async (work: Promise<unknown>) => {
    await Promise.race([work, died]);
  };
  try {
    await fetch(`${url}/health`);
    const started = performance.now();
    await unlessDied(
      Promise.all(
        Array.from({ length: sessions }, async (_unused, index) => {
          const client = await OpenEnvTestClient.connect(url);
          clients.push(client);
          const reply = await client.ask({ type: "reset", data: { seed: index } }, 600_000);
          if (reply.type === "observation") answered += 1;
        }),
      ),
    );
    const resetMs = performance.now() - started;
    const latencies: number[] = [];
    if (!crashed)
      await unlessDied(
        Promise.all(
          clients.map(async (client) => {
            for (let turn = 0; turn < steps; turn++) {
              const begun = performance.now();
              const reply = await client.ask(step, 600_000);
              latencies.push(performance.now() - begun);
              if (reply.type === "observation") answered += 1;
            }
          }),
        ),
      );
    const residentMegabytes = crashed ? Number.NaN : treeResidentBytes(child.pid!) / 2 ** 20;
    return {
      resetMs,
      stepP50Ms: percentile(latencies, 0.5),
      stepP99Ms: percentile(latencies, 0.99),
      residentMegabytes,
      errors: sessions * (1 + steps) - answered,
      crashed,
    };
  } finally {
    for (const client of clients) client.close();
    if (!crashed) await stop(child);
  }
}

/**
 * Four sessions whose `filterAction` loops (until the 2.5 s backstop) and a fifth with a
 * healthy Rules layer, in one in-process server built as `envrigger serve` builds it: the
 * fifth's step latency while the four loop against its latency alone, in interleaved rounds.
 */
async function measureLoopers(rounds: number): Promise<{ quietMs: number[]; loopingMs: number[] }> {
  const looping = stackOf([loopSource], "clamp-2");
  const healthy = stackOf([hintSource]);
  const bare = await loadServedSet({ env: "bugfix", tasks: ["clamp-0"] });
  const members = [looping, healthy].map((spec) => ({
    stackId: CandidateStore.hashOf(spec),
    taskId: spec.base.taskId,
    spec,
  }));
  const server = await startServeServer({
    set: { ...bare, members, weights: [1, 1] },
    dependencies: productStackDependencies(undefined, { rulesGroupsInWorkers: true }),
    port: 0,
  });
  const clients: OpenEnvTestClient[] = [];
  const connect = async (stackId: string, seed: number) => {
    const client = await OpenEnvTestClient.connect(server.url);
    clients.push(client);
    await client.ask({ type: "reset", data: { seed, stack_id: stackId } }, 600_000);
    return client;
  };
  const quietMs: number[] = [];
  const loopingMs: number[] = [];
  try {
    const fifth = await connect(members[1]!.stackId, 5);
    for (let round = 0; round < rounds; round++) {
      const loopers = await Promise.all([1, 2, 3, 4].map((seed) => connect(members[0]!.stackId, seed + 10 * round)));
      // Let the pool's threads start (a fresh server), then time the fifth alone.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      for (let turn = 0; turn < 3; turn++) {
        const begun = performance.now();
        await fifth.ask(step, 600_000);
        quietMs.push(performance.now() - begun);
      }
      const loops = loopers.map((client) => client.ask(step, 600_000));
      await new Promise((resolve) => setTimeout(resolve, 100));
      for (let turn = 0; turn < 3; turn++) {
        const begun = performance.now();
        await fifth.ask(step, 600_000);
        loopingMs.push(performance.now() - begun);
      }
      await Promise.all(loops);
      for (const client of loopers) client.close();
      await fifth.ask({ type: "reset", data: { seed: 5 + round, stack_id: members[1]!.stackId } }, 600_000);
    }
  } finally {
    for (const client of clients) client.close();
    await server.drain();
  }
  return { quietMs, loopingMs };
}

const round = (value: number, digits = 1) => Number(value.toFixed(digits));

/**
 * `serve-scale`: 1 / 16 / 64 / 256 WebSocket sessions on `envrigger serve` (the compiled
 * package, a fresh server each time) of the bare BugFix task and of one- and three-Rules-layer
 * stacks over it, the three interleaved at each size (their order rotated): the time until
 * every session has its reset, the p50 / p99 latency of a step while every session takes
 * `steps` steps at once, and the resident memory of the server's process tree after; then
 * four looping hooks against a fifth session's step. Ratios are against the bare env of the
 * same size, measured in this run.
 */
export async function benchServeScale(sizes = [1, 16, 64, 256], steps = 4, looperRounds = 2) {
  ensureBuilt();
  const directory = mkdtempSync(join(tmpdir(), "serve-scale-"));
  const stacks = {
    one: join(directory, "one.json"),
    three: join(directory, "three.json"),
  };
  writeFileSync(stacks.one, JSON.stringify(stackOf([verifySource])));
  writeFileSync(stacks.three, JSON.stringify(stackOf([verifySource, countSource, hintSource])));
  const figures: Record<string, number> = {};
  const variants: Variant[] = ["bare", "one", "three"];
  for (const [index, sessions] of sizes.entries()) {
    const order = [...variants.slice(index % 3), ...variants.slice(0, index % 3)];
    const runs = {} as Record<Variant, ScaleRun>;
    for (const variant of order) {
      runs[variant] = await measureScale(variant, sessions, steps, stacks);
      process.stderr.write(`  ${sessions} sessions, ${variant}: ${JSON.stringify(runs[variant])}\n`);
    }
    for (const variant of variants) {
      const run = runs[variant];
      figures[`serveScale${sessions}${variant}ResetMs`] = round(run.resetMs);
      figures[`serveScale${sessions}${variant}StepP50Ms`] = round(run.stepP50Ms);
      figures[`serveScale${sessions}${variant}StepP99Ms`] = round(run.stepP99Ms);
      figures[`serveScale${sessions}${variant}ResidentMegabytes`] = round(run.residentMegabytes);
      figures[`serveScale${sessions}${variant}Errors`] = run.errors;
      figures[`serveScale${sessions}${variant}Crashed`] = run.crashed;
    }
    for (const variant of ["one", "three"] as const) {
      const run = runs[variant];
      figures[`serveScale${sessions}${variant}ResetOverBare`] = round(run.resetMs / runs.bare.resetMs, 2);
      figures[`serveScale${sessions}${variant}StepP50OverBare`] = round(run.stepP50Ms / runs.bare.stepP50Ms, 2);
      figures[`serveScale${sessions}${variant}MegabytesPerSessionOverBare`] = round(
        (run.residentMegabytes - runs.bare.residentMegabytes) / sessions,
        2,
      );
    }
  }
  const loopers = await measureLoopers(looperRounds);
  figures.serveScaleFifthStepQuietMedianMs = round(median(loopers.quietMs));
  figures.serveScaleFifthStepBesideFourLoopsMedianMs = round(median(loopers.loopingMs));
  figures.serveScaleFifthStepBesideFourLoopsMaxMs = round(Math.max(...loopers.loopingMs));
  figures.serveScaleFourLoopsAddMs = round(Math.max(...loopers.loopingMs) - median(loopers.quietMs));
  return figures;
}
