import { describe, expect, it } from "vitest";
import type { Trajectory } from "../core/trajectory.js";
import type { CandidateProposal } from "../designer/candidate.js";
import { DEFAULT_DECISION_POLICY } from "./decision-rule.js";
import { mixturePointOf, pooledMixtureEstimate } from "./mixture-evidence.js";

const proposal = (share: number, experiment = "mask"): CandidateProposal => ({
  layers: [
    { kind: "rules", name: "guard", source: "export default defineRules({});" },
    { kind: "rules", name: "mask-episode", source: "export default defineRules({});" },
  ],
  rationale: "",
  mixture: { experiment, share, offIsBaseline: false, layer: "mask-episode", switch: "blind" },
});

/** An episode whose `Rules#1` traces carry `switches` (absent: never drawn), or no step at all. */
function episode(success: boolean, blind: boolean | undefined, steps = 2): Trajectory {
  const trace = (value: boolean | undefined) => ({
    layer: "Rules#1",
    actionIn: "look",
    actionOut: "look",
    observationOut: { text: "" },
    ...(value === undefined ? {} : { switches: { blind: value, other: true } }),
  });
  return {
    stopReason: "submit",
    evaluation: { success, score: 0, metrics: {} },
    steps: Array.from({ length: steps }, (_, index) => ({ layers: [trace(index === 0 ? undefined : blind)] })),
  } as unknown as Trajectory;
}

describe("mixture evidence", () => {
  it("splits a candidate's episodes by the recorded draw, not by what fired", () => {
    const point = mixturePointOf(proposal(0.5), [
      episode(false, true),
      episode(true, false),
      episode(true, undefined),
      episode(true, true, 0),
    ]);
    expect(point).toEqual({
      share: 0.5,
      on: { episodes: 1, successes: 0 },
      off: { episodes: 1, successes: 1 },
      undrawn: { episodes: 1, successes: 1 },
    });
    expect(mixturePointOf({ ...proposal(0.5), mixture: undefined }, [episode(true, true)])).toBeUndefined();
  });

  it("pools the earlier points of the same experiment only, on the rule on the true rate", () => {
    const current = mixturePointOf(proposal(0.5), [episode(false, true), episode(true, false)])!;
    const earlier = { episodes: 30, successes: 0 };
    const history = {
      attempts: [
        {
          proposal: proposal(0.2),
          mixturePoint: { share: 0.2, on: earlier, off: { episodes: 30, successes: 30 }, undrawn: earlier },
        },
        { proposal: proposal(0.2, "other"), mixturePoint: { share: 0.2, on: earlier, off: earlier, undrawn: earlier } },
      ],
      baseline: { episodes: 20, successes: 18 },
    };
    const policy = { ...DEFAULT_DECISION_POLICY, checkRollouts: 0, pooling: "off-side" as const };
    const pooled = pooledMixtureEstimate(proposal(0.5), current, history, policy)!;
    expect(pooled.episodes).toBe(92);
    // 30 of 92 episodes never reached the draw (they succeed at 1/32); the drawn ones, off, at 32/33 (31 of 31, uniform prior).
    expect(pooled.ends.off).toBeCloseTo((30 / 92) * (1 / 32) + (62 / 92) * (32 / 33));
    expect(pooledMixtureEstimate(proposal(0.5), current, history, { ...policy, pooling: "none" })).toBeUndefined();
    expect(pooledMixtureEstimate(proposal(0.5), current, history, { ...policy, checkRollouts: 100 })).toBeUndefined();
  });
});
