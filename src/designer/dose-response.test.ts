import { describe, expect, it } from "vitest";
import { doseFor, fitDoseResponse, fittedRateAt } from "./dose-response.js";

describe("fitDoseResponse", () => {
  it("pools probes whose noise breaks the order, weighted by their episodes", () => {
    // Success must fall as a turn limit tightens (harder when smaller): 12 turns 0.6 and 10 turns 0.7 contradict it.
    const fit = fitDoseResponse(
      [
        { magnitude: 20, successes: 18, episodes: 20 },
        { magnitude: 12, successes: 6, episodes: 10 },
        { magnitude: 10, successes: 21, episodes: 30 },
        { magnitude: 6, successes: 1, episodes: 10 },
      ],
      "smaller",
    );
    expect(fit.points.map((point) => point.magnitude)).toEqual([20, 12, 10, 6]);
    expect(fit.points.map((point) => Number(point.rate.toFixed(3)))).toEqual([0.9, 0.675, 0.675, 0.1]);
    // The middle, 0.5, is crossed between 10 turns (0.675) and 6 (0.1).
    expect(doseFor(fit, 0.5)).toBeCloseTo(10 - (0.175 / 0.575) * 4);
    expect(fittedRateAt(fit, 8, "smaller")?.rate).toBeCloseTo((0.675 + 0.1) / 2);
  });

  it("says nothing outside what was measured", () => {
    const fit = fitDoseResponse(
      [
        { magnitude: 0, successes: 18, episodes: 20 },
        { magnitude: 0.4, successes: 14, episodes: 20 },
      ],
      "larger",
    );
    expect(doseFor(fit, 0.5)).toBeNull();
    expect(fittedRateAt(fit, 0.8, "larger")).toBeNull();
    expect(fittedRateAt(fit, 0.2, "larger")?.episodes).toBe(20);
  });
});
