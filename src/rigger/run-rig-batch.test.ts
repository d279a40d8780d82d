import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Trajectory } from "../core/trajectory.js";
import type { RolloutExecutor } from "../rollout/rollout-executor.js";
import type { RigDependencies } from "./rig-dependencies.js";
import { counterRigDependencies } from "../testing/counter-rig-dependencies.js";
import { hesitantCounterPolicy } from "../testing/hesitant-counter-policy.js";
import { rigResultWithoutTimings } from "../testing/rig-result-without-timings.js";
import { rigTask } from "./rig-task.js";

/** Rig dependencies of a counter task; rollouts go to `rollouts` when given, else run in this process. */
function dependencies(root: string, rollouts?: RolloutExecutor): RigDependencies {
  return { ...counterRigDependencies(root), ...(rollouts ? { rollouts } : {}) };
}

const config = {
  envId: "test",
  taskId: "t1",
  policy: "hesitant",
  designer: "scripted",
  target: { successBand: [0.1, 0.3] as [number, number] },
  seed: 1,
  k: 8,
};

describe("the rig's rollout batches", () => {
  it("give the same result at rolloutConcurrency 1 and 8", async () => {
    const one = await rigTask({ ...config, rolloutConcurrency: 1 }, dependencies(mkdtempSync(join(tmpdir(), "rig-"))));
    const eight = await rigTask(
      { ...config, rolloutConcurrency: 8 },
      dependencies(mkdtempSync(join(tmpdir(), "rig-"))),
    );
    expect(rigResultWithoutTimings({ ...eight, candidate: null })).toEqual(
      rigResultWithoutTimings({ ...one, candidate: null }),
    );
  });

  it("go to the injected executor as data: the stack, the policy spec, seeds by index, the concurrency", async () => {
    const root = mkdtempSync(join(tmpdir(), "rig-"));
    const local = dependencies(root);
    const seen: Array<{ batch: Parameters<RolloutExecutor["run"]>[0]; concurrency?: number }> = [];
    const { localRolloutExecutor } = await import("../rollout/local-rollout-executor.js");
    const inner = localRolloutExecutor({
      buildEnv: async (stack) => (await import("../harness/build-stack.js")).buildStack(stack, local.stack),
      policy: async () => hesitantCounterPolicy,
    });
    const recording: RolloutExecutor = {
      description: "recording",
      async run(batch, options): Promise<Trajectory[]> {
        seen.push({ batch, concurrency: options?.concurrency });
        return inner.run(batch, options);
      },
      close: async () => {},
    };
    const viaExecutor = await rigTask({ ...config, rolloutConcurrency: 4 }, dependencies(root, recording));
    const direct = await rigTask(
      { ...config, rolloutConcurrency: 4 },
      dependencies(mkdtempSync(join(tmpdir(), "rig-"))),
    );
    expect(rigResultWithoutTimings({ ...viaExecutor, candidate: null })).toEqual(
      rigResultWithoutTimings({ ...direct, candidate: null }),
    );
    expect(seen[0]!.batch).toMatchObject({
      stack: { base: { env: "test", taskId: "t1" }, layers: [] },
      policy: "hesitant",
      tasks: [{ taskId: "t1" }],
      episodes: 8,
      indexOffset: 0,
      seed: 1,
    });
    expect(seen.some((call) => call.batch.stack.layers.length === 1 && call.batch.indexOffset! >= 100_000)).toBe(true);
    expect(seen.every((call) => call.concurrency === 4)).toBe(true);
  });
});
