import { describe, expect, it } from "vitest";
import type { ActionableEnv } from "../core/actionable-env.js";
import type { Policy } from "../core/policy.js";
import { TestEnvDefinition } from "../testing/test-env-definition.js";
import { trajectoryWithoutTimings } from "../testing/trajectory-without-timings.js";
import { localRolloutExecutor } from "./local-rollout-executor.js";
import { runRollouts } from "./run-rollouts.js";

/** Counts `inc` until 3, then submits; throws on the first turn of episodes whose rng says so (when `failing`). */
function counterPolicy(failing = false): () => Policy {
  return () => ({
    name: "counter",
    act(input) {
      if (failing && input.turn === 0 && input.rng() < 0.3) throw new Error("the policy broke");
      const counter = Number(/counter (-?\d+)/.exec(input.observation.text)?.[1] ?? 0);
      return counter >= 3 ? { name: "submit", args: {} } : { name: "inc", args: {} };
    },
  });
}

/** Test envs that record whether they were closed. */
function trackedEnvs() {
  const definition = new TestEnvDefinition();
  const closed = new Set<ActionableEnv>();
  const create = async (): Promise<ActionableEnv> => {
    const env = await definition.create();
    const close = env.close.bind(env);
    env.close = async () => {
      closed.add(env);
      await close();
    };
    return env;
  };
  return { definition, closed, create };
}

const stack = (taskId: string) => ({ version: 1 as const, base: { env: "test", taskId }, layers: [] });
const batch = (taskId: string, indexOffset: number) => ({
  stack: stack(taskId),
  policy: "counter",
  tasks: [{ taskId }],
  episodes: 5,
  seed: 4,
  indexOffset,
});

describe("env reuse across episodes and batches", () => {
  it("runRollouts gives each lane's last usable env to releaseEnv, and closes the envs of errored episodes", async () => {
    const { definition, closed, create } = trackedEnvs();
    const released: ActionableEnv[] = [];
    const trajectories = await runRollouts({
      createEnv: create,
      releaseEnv: async (env) => void released.push(env),
      policy: counterPolicy(true),
      tasks: [{ taskId: "t1" }],
      episodes: 20,
      seed: 2,
      concurrency: 2,
    });
    const errored = trajectories.filter((trajectory) => trajectory.stopReason === "error").length;
    expect(errored).toBeGreaterThan(0);
    // Two lanes, plus one fresh env after each errored episode.
    expect(definition.created).toHaveLength(2 + errored);
    expect(released).toHaveLength(2);
    expect(closed.size).toBe(errored);
    for (const env of released) expect(closed.has(env)).toBe(false);
  });

  it("runRollouts closes every env when no releaseEnv is given", async () => {
    const { definition, closed, create } = trackedEnvs();
    await runRollouts({
      createEnv: create,
      policy: counterPolicy(),
      tasks: [{ taskId: "t1" }],
      episodes: 6,
      seed: 2,
      concurrency: 3,
    });
    expect(definition.created).toHaveLength(3);
    expect(closed.size).toBe(3);
  });

  it("runRollouts lets the event loop run between episodes, even when every call settles at once", async () => {
    const { create } = trackedEnvs();
    let ticked = false;
    setImmediate(() => {
      ticked = true;
    });
    let tickedBeforeLastEpisode = false;
    await runRollouts({
      createEnv: create,
      policy: counterPolicy(),
      tasks: [{ taskId: "t1" }],
      episodes: 3,
      seed: 2,
      onEpisode: (_trajectory, done, total) => {
        if (done === total) tickedBeforeLastEpisode = ticked;
      },
    });
    expect(tickedBeforeLastEpisode).toBe(true);
  });

  it("a reusing local executor builds a stack's env once across its batches, with the same trajectories, and closes it on close()", async () => {
    const reusing = trackedEnvs();
    const fresh = trackedEnvs();
    const executor = localRolloutExecutor({
      buildEnv: reusing.create,
      policy: async () => counterPolicy(),
      reuseStacks: 2,
    });
    const plain = localRolloutExecutor({ buildEnv: fresh.create, policy: async () => counterPolicy() });
    const batches = [batch("t1", 0), batch("t1", 5), batch("t2", 0), batch("t1", 10)];
    for (const input of batches) {
      expect((await executor.run(input)).map(trajectoryWithoutTimings)).toEqual(
        (await plain.run(input)).map(trajectoryWithoutTimings),
      );
    }
    // One env per stack (t1, t2) instead of one per batch; none closed until close().
    expect(reusing.definition.created).toHaveLength(2);
    expect(fresh.definition.created).toHaveLength(4);
    expect(reusing.closed.size).toBe(0);
    expect(fresh.closed.size).toBe(4);
    await executor.close();
    expect(reusing.closed.size).toBe(2);
  });

  it("a reusing local executor keeps only its most recently used stacks", async () => {
    const { definition, closed, create } = trackedEnvs();
    const executor = localRolloutExecutor({ buildEnv: create, policy: async () => counterPolicy(), reuseStacks: 1 });
    await executor.run(batch("t1", 0));
    await executor.run(batch("t2", 0));
    expect(closed.has(definition.created[0]!)).toBe(true);
    await executor.run(batch("t1", 5));
    expect(definition.created).toHaveLength(3);
    await executor.close();
    expect(closed.size).toBe(3);
  });

  it("a local executor given one spec object for several batches (as a validation does) runs them as it runs fresh copies, and still checks every batch's other fields", async () => {
    const shared = stack("t1");
    const once = localRolloutExecutor({
      buildEnv: trackedEnvs().create,
      policy: async () => counterPolicy(),
      reuseStacks: 2,
    });
    const copies = localRolloutExecutor({
      buildEnv: trackedEnvs().create,
      policy: async () => counterPolicy(),
      reuseStacks: 2,
    });
    for (const indexOffset of [0, 5, 10]) {
      const input = { ...batch("t1", indexOffset), stack: shared };
      expect((await once.run(input)).map(trajectoryWithoutTimings)).toEqual(
        (await copies.run(structuredClone(input))).map(trajectoryWithoutTimings),
      );
    }
    await expect(once.run({ ...batch("t1", 0), stack: shared, episodes: 0 })).rejects.toMatchObject({
      code: "BAD_ARGUMENT",
    });
    await expect(once.run({ ...batch("t1", 0), stack: shared, extra: true } as never)).rejects.toMatchObject({
      code: "BAD_ARGUMENT",
    });
    await once.close();
    await copies.close();
  });
});
