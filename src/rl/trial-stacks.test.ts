import { describe, expect, it } from "vitest";
import { runCostOf } from "../run-format/cost-record.js";
import type { CoevolutionRound } from "../run-format/coevolution-round.js";
import { updateStatsOf } from "../testing/update-stats-of.js";
import { StackBandMeasure } from "./stack-band-measure.js";
import { judgeCounts, judgeTrial, TRIAL_STALENESS_ROUNDS, trialTasksAt, type TrialStack } from "./trial-stacks.js";

const band = { successBand: [0.4, 0.6] as [number, number] };

const trial = (taskId: string, update: number, successes: number, episodes: number): TrialStack => ({
  taskId,
  update,
  spec: { version: 1, base: { env: "bugfix", taskId, options: {} }, layers: [] },
  successes,
  episodes,
  layers: [],
});

describe("trial stacks", () => {
  it("the rule over counts: a 5-rollout probe at 0/5 is out, at 2/5 undecided, and 20/40 is in band", () => {
    expect(judgeCounts(band, 0, 5)).toBe("out");
    expect(judgeCounts(band, 2, 5)).toBe("more");
    expect(judgeCounts(band, 20, 40)).toBe("in");
    expect(judgeCounts(band, 0, 0)).toBe("more");
  });

  it("pools the probe and the learner's groups within the staleness allowance only", () => {
    const measure = new StackBandMeasure();
    for (let update = 0; update < 4; update++) measure.observe(updateStatsOf(update, [["a", 4, true]]));
    // Probe 2/5 + four groups of 4/8 (updates 0–3), judged before update 4 with every = 2: all within 2 × 2 updates.
    const judged = judgeTrial(trial("a", 0, 2, 5), measure, band, 4, 2);
    expect(judged).toEqual({ kind: "in", successes: 18, episodes: 37 });
    // Judged before update 6: updates 0 and 1 and the probe of update 0 are older than the allowance.
    const later = judgeTrial(trial("a", 0, 2, 5), measure, band, 2 + TRIAL_STALENESS_ROUNDS * 2, 2);
    expect([later.successes, later.episodes]).toEqual([8, 16]);
    expect(later.kind).toBe("more");
    // A learner that outgrew the trial: its groups say above the band.
    const easy = new StackBandMeasure();
    for (let update = 0; update < 2; update++) easy.observe(updateStatsOf(update, [["b", 8, true]]));
    expect(judgeTrial(trial("b", 0, 3, 5), easy, band, 2, 2).kind).toBe("out");
  });

  it("tells which tasks train on a trial stack at an update, from the rounds' records", () => {
    const round = (index: number, update: number, fields: Partial<CoevolutionRound>): CoevolutionRound => ({
      round: index,
      update,
      snapshot: "",
      runDirectory: "",
      accepted: [],
      rejected: [],
      skipped: [],
      guarded: [],
      guardedEnvWide: false,
      rigged: [],
      kept: [],
      dropped: [],
      validation: "training",
      trials: [],
      validated: [],
      rollouts: 0,
      cost: runCostOf([], 0),
      stackedTasks: 0,
      durationMs: 0,
      ...fields,
    });
    const probe = { stack: {}, successes: 2, episodes: 5, layers: [] };
    const rounds = [
      round(0, 0, {
        trials: [
          { taskId: "a", ...probe },
          { taskId: "b", ...probe },
        ],
      }),
      round(1, 5, { validated: ["a"], dropped: ["b"], trials: [{ taskId: "c", ...probe }] }),
    ];
    expect([...trialTasksAt(rounds, 4)].sort()).toEqual(["a", "b"]);
    expect([...trialTasksAt(rounds, 5)]).toEqual(["c"]);
  });
});
