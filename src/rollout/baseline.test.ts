import { describe, expect, it } from "vitest";
import type { EnvDefinition } from "../core/env-definition.js";
import { EnvriggerError } from "../core/errors.js";
import type { PolicyFactory } from "../core/policy.js";
import { SequencePolicy } from "../testing/sequence-policy.js";
import { TestEnv } from "../testing/test-env.js";
import { TestEnvDefinition } from "../testing/test-env-definition.js";
import { runBaseline } from "./baseline.js";

const solve: PolicyFactory = () =>
  new SequencePolicy([
    { name: "inc", args: {} },
    { name: "inc", args: {} },
    { name: "inc", args: {} },
    { name: "submit", args: {} },
  ]);

describe("runBaseline", () => {
  it("counts errored episodes apart: never failures, and the rates are over the episodes that ran", async () => {
    const env = new TestEnvDefinition();
    let resets = 0;
    const { report } = await runBaseline({
      env,
      policyName: "solve",
      policy: solve,
      split: "train",
      taskIds: [(await env.listTasks("train"))[0]!.id],
      episodes: 4,
      seed: 0,
      // Every other episode loses its remote server at reset.
      createEnv: async () =>
        new TestEnv({
          onReset: () => {
            resets += 1;
            if (resets % 2 === 0) throw new EnvriggerError("REMOTE_ENV", "the server went away");
          },
        }),
    });
    expect(report).toMatchObject({
      episodes: 2,
      errored: 2,
      successRate: 1,
      stopReasons: { submit: 2, error: 2 },
      stopMessages: { error: expect.stringContaining("the server went away") },
    });
  });

  it("streams: without keeping trajectories it reports exactly what the kept ones give, per group and task", async () => {
    const env = new TestEnvDefinition();
    for (const groupBy of ["group", "task"] as const) {
      const options = { env, policyName: "solve", policy: solve, split: "all" as const, episodes: 6, seed: 3, groupBy };
      const kept = await runBaseline(options);
      const streamed = await runBaseline({ ...options, keepTrajectories: false });
      expect(kept.trajectories.length).toBeGreaterThan(0);
      expect(streamed.trajectories).toEqual([]);
      expect(streamed.report).toEqual(kept.report);
    }
  });

  it("refuses a split with no task instead of reporting a rate over nothing", async () => {
    const noHeldOut: EnvDefinition = {
      id: "train-only",
      description: "tasks in train only",
      listTasks: async (split) => (split === "train" ? [{ id: "t1", split }] : []),
      create: async () => new TestEnv(),
    };
    await expect(
      runBaseline({ env: noHeldOut, policyName: "solve", policy: solve, split: "heldout", episodes: 1, seed: 0 }),
    ).rejects.toMatchObject({ code: "UNKNOWN_TASK", message: expect.stringMatching(/no task in split heldout/) });
  });
});
