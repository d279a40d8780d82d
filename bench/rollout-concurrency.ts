import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type { Trajectory } from "../src/core/trajectory.js";
import { createRigDependencies } from "../src/app/create-rig-dependencies.js";
import { curriculumConfigSchema } from "../src/curriculum/curriculum-config.js";
import { rigCurriculumTask } from "../src/curriculum/curriculum-task.js";
import { buildStack } from "../src/harness/build-stack.js";
import { localRolloutExecutor } from "../src/rollout/local-rollout-executor.js";
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { trajectoryWithoutTimings } from "../src/testing/trajectory-without-timings.js";

/** One rig task (BugFix clamp-0, heuristic designer, K = kMax = 16) with an LLM policy, at `concurrency`; every batch's trajectories recorded. */
async function rigWithLlm(concurrency: number, overrides: { k?: number; revisions?: number; task?: string } = {}) {
  const root = mkdtempSync(join(tmpdir(), "bench-rollout-concurrency-"));
  const config = curriculumConfigSchema.parse({
    version: 1,
    runId: "bench",
    env: "bugfix",
    taskIds: [overrides.task ?? "clamp-0"],
    policy: "openai:scripted-bugfix",
    designer: "heuristic",
    target: { successBand: [0.4, 0.6] },
    k: overrides.k ?? 16,
    kMax: overrides.k ?? 16,
    revisions: overrides.revisions ?? 2,
    seed: 0,
    rolloutConcurrency: concurrency,
    candidatesDir: join(root, "candidates"),
  });
  const dependencies = await createRigDependencies(config, root, { logEvents: false });
  const recorded: Trajectory[] = [];
  const local = localRolloutExecutor({
    buildEnv: (stack) => buildStack(stack, dependencies.stack),
    policy: async () => dependencies.policy,
  });
  dependencies.rollouts = {
    description: "recording local",
    async run(batch, options) {
      const trajectories = await local.run(batch, options);
      recorded.push(...trajectories);
      return trajectories;
    },
    close: async () => {},
  };
  const started = performance.now();
  const result = await rigCurriculumTask(
    config,
    { id: overrides.task ?? "clamp-0", group: "clamp" },
    root,
    dependencies,
  );
  const seconds = (performance.now() - started) / 1000;
  await dependencies.env.dispose?.();
  return { seconds, result, trajectories: recorded.map(trajectoryWithoutTimings) };
}

/**
 * Issue 13 part 1: one rig task whose policy is an LLM answering after a fixed 100 ms (the
 * local OpenAI-compatible test server, in its own process), at --rollout-concurrency 16 and
 * at 1, same seed:
 * wall time, speed-up, and whether every rollout of the two runs is identical.
 */
export async function benchRolloutConcurrency(): Promise<Record<string, unknown>> {
  // The model endpoint runs in its own process, as a remote one would: its work does not share this event loop.
  const child = spawn(
    process.execPath,
    ["--import", "tsx", fileURLToPath(new URL("./openai-server-child.ts", import.meta.url)), "100"],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  const baseUrl = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once("line", resolve);
    child.once("exit", (code) => reject(new Error(`the model server process ended (${code})`)));
  });
  const server = { baseUrl, close: async () => void child.stdin!.end() };
  const previous = process.env.OPENAI_BASE_URL;
  process.env.OPENAI_BASE_URL = server.baseUrl;
  try {
    // Warm-up: load the designer, sandbox and model client once, so neither timed run pays for it.
    await rigWithLlm(16, { k: 2, revisions: 1, task: "range-0" });
    const parallel = await rigWithLlm(16);
    const serial = await rigWithLlm(1);
    const identical =
      JSON.stringify(parallel.trajectories) === JSON.stringify(serial.trajectories) &&
      JSON.stringify({ ...parallel.result, candidate: null }) === JSON.stringify({ ...serial.result, candidate: null });
    return {
      rigLlmRollouts: serial.trajectories.length,
      // Every step is one model call of 100 ms: the wait a serial run cannot avoid, and the floor at 16 in flight.
      rigLlmModelCalls: serial.trajectories.reduce((sum, trajectory) => sum + trajectory.steps.length, 0),
      rigLlmOutcome: `${serial.result.outcome} after ${serial.result.revisions} revision(s)`,
      rigLlmRolloutConcurrency1Seconds: Number(serial.seconds.toFixed(2)),
      rigLlmRolloutConcurrency16Seconds: Number(parallel.seconds.toFixed(2)),
      rigLlmRolloutConcurrencySpeedup: Number((serial.seconds / parallel.seconds).toFixed(2)),
      rigLlmTrajectoriesIdentical: identical,
    };
  } finally {
    if (previous === undefined) delete process.env.OPENAI_BASE_URL;
    else process.env.OPENAI_BASE_URL = previous;
    await server.close();
  }
}
