import { describe, expect, it } from "vitest";
import { mixtureBandPosterior, mixturePosterior, type MixturePoint } from "./mixture-posterior.js";

const point = (share: number, on: [number, number], off: [number, number], undrawn: [number, number] = [0, 0]) =>
  ({
    share,
    on: { successes: on[0], episodes: on[1] },
    off: { successes: off[0], episodes: off[1] },
    undrawn: { successes: undrawn[0], episodes: undrawn[1] },
  }) satisfies MixturePoint;

describe("mixturePosterior", () => {
  it("reads the rate at the share off the two ends, with the baseline on the off side", () => {
    const current = point(0.5, [1, 10], [9, 10]);
    const alone = mixturePosterior({ current, earlier: [] });
    const withBaseline = mixturePosterior({ current, earlier: [], baseline: { successes: 36, episodes: 40 } });
    expect(alone.mean).toBeCloseTo(0.5 * (2 / 12) + 0.5 * (10 / 12));
    expect(withBaseline.ends.off).toBeCloseTo(46 / 52);
    // The baseline's 40 episodes narrow the off end, hence the rate at the share.
    expect(withBaseline.deviation).toBeLessThan(alone.deviation);
    expect(withBaseline.episodes).toBe(60);
  });

  it("pools the switched-on episodes of other shares only with `both`", () => {
    const earlier = [point(0.2, [0, 8], [30, 32])];
    const current = point(0.5, [1, 5], [4, 5]);
    const offSide = mixturePosterior({ current, earlier }, "off-side");
    const both = mixturePosterior({ current, earlier }, "both");
    expect(offSide.ends.on).toBeCloseTo(2 / 7);
    expect(both.ends.on).toBeCloseTo(2 / 15);
    expect(both.deviation).toBeLessThan(offSide.deviation);
  });

  it("counts undrawn episodes at every share, and its band posterior is normal", () => {
    const estimate = mixturePosterior({ current: point(1, [0, 20], [0, 0], [18, 20]), earlier: [] });
    // Half the episodes never reach the draw and succeed at ≈ 0.86; the drawn ones, all on, at ≈ 0.05.
    expect(estimate.mean).toBeCloseTo(0.5 * (19 / 22) + 0.5 * (1 / 22));
    const inBand = mixtureBandPosterior({ ...estimate, mean: 0.5, deviation: 0.05 }, [0.4, 0.6]);
    expect(inBand.inside).toBeCloseTo(0.9545, 3);
  });

  it("is inconsistent when the draws miss the declared share or the off episodes disagree", () => {
    expect(mixturePosterior({ current: point(0.5, [5, 10], [5, 10]), earlier: [] }).consistent).toBe(true);
    expect(mixturePosterior({ current: point(0.1, [10, 40], [0, 10]), earlier: [] }).consistent).toBe(false);
    const disagreeing = [point(0.5, [0, 20], [20, 20])];
    expect(mixturePosterior({ current: point(0.5, [0, 20], [0, 20]), earlier: disagreeing }).consistent).toBe(false);
  });
});
