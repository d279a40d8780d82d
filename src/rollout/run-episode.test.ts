import { describe, expect, it } from "vitest";
import { TestEnv } from "../testing/test-env.js";
import { SequencePolicy } from "../testing/sequence-policy.js";
import { runEpisode } from "./run-episode.js";
import { runRollouts, rolloutSeed } from "./run-rollouts.js";
import { summarize } from "./summarize.js";

const inc = { name: "inc", args: {} };
const submit = { name: "submit", args: {} };

describe("runEpisode", () => {
  it("records a successful episode with a submit stop", async () => {
    const env = new TestEnv();
    const trajectory = await runEpisode(env, new SequencePolicy([inc, inc, inc, submit]), {
      taskId: "t1",
      seed: 1,
      group: "a",
    });
    expect(trajectory.stopReason).toBe("submit");
    expect(trajectory.evaluation?.success).toBe(true);
    expect(trajectory.steps).toHaveLength(4);
    expect(trajectory.steps[0]?.envAction).toEqual(inc);
    expect(trajectory.steps[0]?.parsedAction).toEqual(inc);
    expect(trajectory.totalReward).toBe(1);
    expect(trajectory.group).toBe("a");
  });

  it("stops on the env's budget and on the runner's", async () => {
    const envBudget = await runEpisode(new TestEnv({ maxTurns: 2 }), new SequencePolicy([inc]), {
      taskId: "t1",
      seed: 1,
    });
    expect(envBudget.stopReason).toBe("budget");
    expect(envBudget.steps).toHaveLength(2);
    const runnerBudget = await runEpisode(new TestEnv(), new SequencePolicy([inc]), {
      taskId: "t1",
      seed: 1,
      maxTurns: 3,
    });
    expect(runnerBudget.stopReason).toBe("budget");
    expect(runnerBudget.steps).toHaveLength(3);
  });

  it("parses text actions and counts malformed ones", async () => {
    const trajectory = await runEpisode(new TestEnv(), new SequencePolicy(["inc", "!!", "submit"]), {
      taskId: "t1",
      seed: 1,
    });
    expect(trajectory.steps.map((step) => step.parsedAction?.name ?? null)).toEqual(["inc", null, "submit"]);
    expect(summarize([trajectory]).invalidCallRate).toBeCloseTo(1 / 3);
  });

  it("turns a throwing env or a bad policy output into an error stop", async () => {
    const env = new TestEnv({
      onStep: () => {
        throw new Error("kaput");
      },
    });
    const broken = await runEpisode(env, new SequencePolicy([inc]), { taskId: "t1", seed: 1 });
    expect(broken.stopReason).toBe("error");
    expect(broken.error).toContain("kaput");
    const badPolicy = await runEpisode(new TestEnv(), new SequencePolicy(() => 42 as never), { taskId: "t1", seed: 1 });
    expect(badPolicy.stopReason).toBe("error");
    expect(badPolicy.error).toContain("neither an action");
  });

  it("gives the policy a generator seeded from the episode seed", async () => {
    const draws = async (seed: number) => {
      const values: number[] = [];
      await runEpisode(new TestEnv(), new SequencePolicy((input) => (values.push(input.rng()), inc)), {
        taskId: "t1",
        seed,
        maxTurns: 3,
      });
      return values;
    };
    expect(await draws(5)).toEqual(await draws(5));
    expect(await draws(5)).not.toEqual(await draws(6));
  });
});

describe("runRollouts", () => {
  it("derives seeds per task and index and is independent of concurrency", async () => {
    const policy = () => new SequencePolicy((input) => (input.rng() < 0.5 ? inc : submit));
    const run = (concurrency: number) =>
      runRollouts({
        createEnv: async () => new TestEnv(),
        policy,
        tasks: [{ taskId: "t1" }, { taskId: "t2" }],
        episodes: 4,
        seed: 9,
        concurrency,
      });
    const serial = await run(1);
    const parallel = await run(3);
    expect(serial.map((trajectory) => trajectory.seed)).toEqual(parallel.map((trajectory) => trajectory.seed));
    expect(serial.map((trajectory) => trajectory.steps.length)).toEqual(
      parallel.map((trajectory) => trajectory.steps.length),
    );
    expect(serial[0]?.seed).toBe(rolloutSeed(9, "t1", 0));
    expect(new Set(serial.map((trajectory) => trajectory.seed)).size).toBe(8);
  });

  it("offsets indices so validation seeds differ from observation seeds", async () => {
    const base = {
      createEnv: async () => new TestEnv(),
      policy: () => new SequencePolicy([submit]),
      tasks: [{ taskId: "t1" }],
      episodes: 3,
      seed: 1,
    };
    const first = await runRollouts(base);
    const later = await runRollouts({ ...base, indexOffset: 3 });
    const seeds = new Set([...first, ...later].map((trajectory) => trajectory.seed));
    expect(seeds.size).toBe(6);
  });
});

describe("summarize", () => {
  it("computes rates, intervals, histograms and groups", async () => {
    const trajectories = await runRollouts({
      createEnv: async () => new TestEnv(),
      policy: () => new SequencePolicy((input) => (input.turn < 3 ? inc : submit)),
      tasks: [
        { taskId: "t1", group: "a" },
        { taskId: "t2", group: "b" },
      ],
      episodes: 2,
      seed: 3,
    });
    const failing = await runEpisode(new TestEnv(), new SequencePolicy([submit]), {
      taskId: "t1",
      seed: 0,
      group: "b",
    });
    const summary = summarize([...trajectories, failing]);
    expect(summary.episodes).toBe(5);
    expect(summary.successes).toBe(4);
    expect(summary.successRate).toBeCloseTo(0.8);
    expect(summary.successInterval[0]).toBeLessThan(0.8);
    expect(summary.stopReasons).toEqual({ submit: 5 });
    expect(summary.byGroup.a?.successRate).toBe(1);
    expect(summary.byGroup.b?.successRate).toBeCloseTo(2 / 3);
    expect(summary.toolUse.inc).toBe(12);
    expect(summary.meanTurns).toBeCloseTo((4 * 4 + 1) / 5);
  });
});
