import { describe, expect, it } from "vitest";
import { probabilityGreater, probeVerdict } from "./probe-verdict.js";

describe("probeVerdict", () => {
  it("gives one half for equal counts", () => {
    expect(probabilityGreater({ successes: 3, episodes: 10 }, { successes: 3, episodes: 10 })).toBeCloseTo(0.5, 10);
    expect(probabilityGreater({ successes: 0, episodes: 0 }, { successes: 0, episodes: 0 })).toBeCloseTo(0.5, 10);
  });

  it("is the complement when the counts swap", () => {
    const up = probabilityGreater({ successes: 4, episodes: 10 }, { successes: 1, episodes: 12 });
    const down = probabilityGreater({ successes: 1, episodes: 12 }, { successes: 4, episodes: 10 });
    expect(up + down).toBeCloseTo(1, 10);
    expect(up).toBeGreaterThan(0.9);
  });

  it("agrees with a numeric integration of the two Beta posteriors", () => {
    // P(X > Y), X ~ Beta(3, 9), Y ~ Beta(2, 12), by a fine midpoint rule.
    const density = (a: number, b: number, x: number) => x ** (a - 1) * (1 - x) ** (b - 1);
    const n = 4000;
    let normX = 0;
    let normY = 0;
    for (let i = 0; i < n; i++) {
      const x = (i + 0.5) / n;
      normX += density(3, 9, x);
      normY += density(2, 12, x);
    }
    let cumulativeY = 0;
    let total = 0;
    for (let i = 0; i < n; i++) {
      const x = (i + 0.5) / n;
      const y = density(2, 12, x) / normY;
      total += (density(3, 9, x) / normX) * (cumulativeY + y / 2);
      cumulativeY += y;
    }
    expect(probabilityGreater({ successes: 2, episodes: 10 }, { successes: 1, episodes: 12 })).toBeCloseTo(total, 3);
  });

  it("calls 0 of 10 against 1 of 10 undecided, and 0 of 10 against 5 of 10 harder", () => {
    expect(probeVerdict({ successes: 0, episodes: 10 }, { successes: 1, episodes: 10 }).moved).toBe("undecided");
    expect(probeVerdict({ successes: 0, episodes: 10 }, { successes: 5, episodes: 10 }).moved).toBe("harder");
    expect(probeVerdict({ successes: 6, episodes: 10 }, { successes: 0, episodes: 10 }).moved).toBe("easier");
  });
});
