import { describe, expect, it } from "vitest";
import { formatCurriculum } from "../cli/commands/curriculum-command.js";
import { summarizeCurriculum } from "../curriculum/curriculum-summary.js";
import { emptyCost } from "../run-format/cost-record.js";
import { summarize } from "../rollout/summarize.js";
import { successTrajectories } from "../testing/simulated-validation.js";
import { decide } from "./decision-rule.js";
import type { MixtureEstimate } from "./mixture-posterior.js";
import { decisionPolicyOf, rigConfigSchema } from "./rig-config.js";
import type { RigState } from "./rig-state.js";
import { resultOf } from "./rig-task.js";

const config = rigConfigSchema.parse({
  envId: "test",
  taskId: "t1",
  policy: "p",
  designer: "scripted",
  target: { successBand: [0.4, 0.6] },
  seed: 1,
});
const pooled: MixtureEstimate = {
  mean: 0.55,
  deviation: 0.05,
  ends: { off: 0.75, on: 0.2 },
  endDeviations: { off: 0.1, on: 0.1 },
  episodes: 75,
  consistent: true,
};

/**
 * A finished thread whose candidate measured `successes`/55 on its own (0.62 by default),
 * with the verdict the rule of `rule` gives on that evidence (an accept, or the test fails).
 */
function acceptedState(
  estimate: MixtureEstimate | undefined,
  rule: Partial<typeof config> = {},
  successes = 34,
): RigState {
  const stats = summarize(successTrajectories(successes, 55));
  const evidence = {
    stats,
    turnsStandardDeviation: 0,
    changesSomething: true,
    ...(estimate ? { pooled: estimate } : {}),
  };
  const withRule = { ...config, ...rule };
  const verdict = decide(withRule.target, evidence, decisionPolicyOf(withRule));
  expect(verdict.decision).toBe("accept");
  return {
    config: withRule,
    baseline: { stats: summarize(successTrajectories(15, 20)), trajectories: { ref: "b" } },
    validation: { stats, trajectories: { ref: "v" }, evidence, verdict },
    attempts: [],
    issues: [],
    outcome: "accepted",
    written: 1,
    candidatePath: null,
    usage: { inputTokens: 0, outputTokens: 0, calls: 0 },
    cost: emptyCost(),
  } as unknown as RigState;
}

describe("an accept on a mixture's pooled estimate", () => {
  it("keeps the estimate the rule read beside the candidate's own, and counts and shows it", () => {
    const result = resultOf(acceptedState(pooled));
    expect(result.accepted).toMatchObject({
      successRate: 34 / 55,
      episodes: 55,
      pooled: { successRate: 0.55, episodes: 75 },
    });
    // The promise speaks of the estimate the rule read: in band, though the candidate's own 0.62 is not.
    expect(summarizeCurriculum([result], config.target).inBandAfter).toBe(1);
    const table = formatCurriculum({
      tasks: [result],
      notRigged: [],
      summary: summarizeCurriculum([result], config.target),
      runDirectory: "/tmp/run",
    });
    expect(table).toContain("0.55 (pooled n=75)");
  });

  it("is the paper rule's too: it reads the measured mean, and with a consistent pool that mean is the pool's", () => {
    const result = resultOf(acceptedState(pooled, { rule: "paper" }));
    expect(result.accepted).toMatchObject({ successRate: 34 / 55, pooled: { successRate: 0.55, episodes: 75 } });
  });

  it("is absent when the candidate's own episodes decided: no pool, an inconsistent one, or a rule that does not read it", () => {
    // 30/55 = 0.55: in band on its own, so each of these accepts on the candidate's own episodes.
    expect(resultOf(acceptedState(undefined, {}, 30)).accepted!.pooled).toBeUndefined();
    expect(resultOf(acceptedState({ ...pooled, consistent: false }, {}, 30)).accepted!.pooled).toBeUndefined();
    const checked = resultOf(acceptedState(pooled, { checkRollouts: 100, kMax: 400 }, 30));
    expect(checked.accepted!.pooled).toBeUndefined();
    const own = resultOf(acceptedState(undefined, {}, 30));
    expect(summarizeCurriculum([own], config.target).inBandAfter).toBe(1);
    expect(own.accepted!.successRate).toBeCloseTo(30 / 55);
  });
});
