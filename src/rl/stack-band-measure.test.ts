import { describe, expect, it } from "vitest";
import { updateStatsOf as update } from "../testing/update-stats-of.js";
import { StackBandMeasure } from "./stack-band-measure.js";

const band = { successBand: [0.4, 0.6] as [number, number] };

describe("StackBandMeasure", () => {
  it("keeps an unmeasured stack and one whose groups pool inside the band", () => {
    const measure = new StackBandMeasure();
    measure.observe(update(0, [["a", 4, true]]));
    measure.observe(update(1, [["a", 5, true]]));
    expect(measure.inBand("a", band, 0, 2)).toBe(true);
    expect(measure.inBand("never", band, 0, 2)).toBe(true);
  });

  it("drops a stack the learner outgrew, counting only groups on the stack since it was accepted", () => {
    const measure = new StackBandMeasure();
    measure.observe(update(0, [["a", 0, true]]));
    for (let index = 1; index < 4; index++)
      measure.observe(
        update(index, [
          ["a", 8, true],
          ["b", 8, false],
        ]),
      );
    expect(measure.pooled("a", 1, 4)).toEqual({ successes: 24, episodes: 24 });
    expect(measure.inBand("a", band, 1, 4)).toBe(false);
    // Groups on the original env are not a stack's evidence.
    expect(measure.pooled("b", 0, 4)).toEqual({ successes: 0, episodes: 0 });
    // One group of 0/8 already says below (P(rate < 0.4) = 1 − 0.6⁹ ≈ 0.99); 2/8 does not (≈ 0.73).
    const few = new StackBandMeasure();
    few.observe(
      update(0, [
        ["c", 0, true],
        ["d", 2, true],
      ]),
    );
    expect([few.inBand("c", band, 0, 1), few.inBand("d", band, 0, 1)]).toEqual([false, true]);
  });
});
