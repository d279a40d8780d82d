import { describe, expect, it } from "vitest";
import { aimSharedDose, fitSharedDoseResponse, sharedDosePrior, type TaskProbe } from "./shared-dose-response.js";

describe("the dose-response shared across a run's tasks", () => {
  it("fits success as a share of each task's baseline and aims where it crosses the middle on this task's baseline", () => {
    // Two tasks of baselines 0.9 and 0.6: at position 0.4 both kept 5/6 of their baseline, at 0.8 a third.
    const fit = fitSharedDoseResponse([
      { position: 0.4, successes: 15, episodes: 20, baselineRate: 0.9 },
      { position: 0.8, successes: 6, episodes: 20, baselineRate: 0.9 },
      { position: 0.4, successes: 10, episodes: 20, baselineRate: 0.6 },
      { position: 0.8, successes: 4, episodes: 20, baselineRate: 0.6 },
    ]);
    expect(fit.points.map((point) => Number(point.rate.toFixed(3)))).toEqual([1, 0.833, 0.333]);
    // A task at baseline 0.75 aims at 0.5 / 0.75 = 2/3 of it: between 0.4 (5/6) and 0.8 (1/3).
    const position = aimSharedDose(fit, { baselineRate: 0.75, rate: 0.5 })!;
    expect(position).toBeCloseTo(0.4 + ((5 / 6 - 2 / 3) / (5 / 6 - 1 / 3)) * 0.4, 6);
    // A higher baseline needs a larger share removed: further along the knob.
    expect(aimSharedDose(fit, { baselineRate: 0.95, rate: 0.5 })!).toBeGreaterThan(position);
  });

  it("moves the aim by the shift this task's own probes measured, and says nothing beyond what was measured", () => {
    const fit = fitSharedDoseResponse([
      { position: 0.2, successes: 18, episodes: 20, baselineRate: 0.9 },
      { position: 0.6, successes: 6, episodes: 20, baselineRate: 0.9 },
    ]);
    const shared = aimSharedDose(fit, { baselineRate: 0.9, rate: 0.5 })!;
    // This task's probe at 0.5 kept 2/3 of its baseline, which the shared curve puts at 0.4
    // (halfway from share 1 at 0.2 to 1/3 at 0.6): the task's curve lies 0.1 further on.
    const own = [{ position: 0.5, successes: 12, episodes: 20, baselineRate: 0.9 }];
    expect(aimSharedDose(fit, { baselineRate: 0.9, rate: 0.5, own })).toBeCloseTo(shared + 0.1, 6);
    // Every probe kept more than the aim's share: the crossing lies beyond them.
    const mild = fitSharedDoseResponse([{ position: 0.5, successes: 19, episodes: 20, baselineRate: 1 }]);
    expect(aimSharedDose(mild, { baselineRate: 0.9, rate: 0.5 })).toBeNull();
    // A template that makes the task harder cannot aim above the baseline.
    expect(aimSharedDose(fit, { baselineRate: 0.3, rate: 0.5 })).toBeNull();
  });

  it("fits a template that makes tasks easier on the share of the baseline's failures it keeps", () => {
    // Baseline 0.2 (failures 0.8): at 0.5 success 0.6, failures 0.4 = half of them kept.
    const fit = fitSharedDoseResponse([{ position: 0.5, successes: 12, episodes: 20, baselineRate: 0.2 }], "easier");
    expect(fit.points.map((point) => Number(point.rate.toFixed(3)))).toEqual([1, 0.5]);
    // Baseline 0.1 aims at 0.5: failures 0.5 of 0.9 kept, 5/9 — between share 1 at 0 and 1/2 at 0.5.
    expect(aimSharedDose(fit, { baselineRate: 0.1, rate: 0.5, side: "easier" })).toBeCloseTo(
      (0.5 * (1 - 5 / 9)) / 0.5,
      6,
    );
    expect(aimSharedDose(fit, { baselineRate: 0.7, rate: 0.5, side: "easier" })).toBeNull();
  });

  it("weighs its prediction as a prior by how well the curve predicted each earlier task from the others", () => {
    // Three tasks of baseline 0.8 that agree exactly: share 0.9 at 0.25, 0.5 at 0.5, 0.2 at 0.75.
    const agreeing: TaskProbe[] = ["a", "b", "c"].flatMap((task) => [
      { task, position: 0.25, successes: 72, episodes: 100, baselineRate: 0.8 },
      { task, position: 0.5, successes: 40, episodes: 100, baselineRate: 0.8 },
      { task, position: 0.75, successes: 16, episodes: 100, baselineRate: 0.8 },
    ]);
    // Between 0.25 and 0.5 the curve keeps 0.7 of a 0.6 baseline: 0.42. No miss beyond sampling:
    // the variance floor (0.05²) gives 0.42 · 0.58 / 0.0025 − 1 pseudo-episodes.
    expect(sharedDosePrior(agreeing, { baselineRate: 0.6, position: 0.375 })).toEqual({
      rate: expect.closeTo(0.42, 6),
      episodes: Math.floor((0.42 * 0.58) / 0.0025 - 1),
    });
    // A fourth task whose curve lies far off: every task is now predicted worse, the prior is lighter.
    const disagreeing: TaskProbe[] = [
      ...agreeing,
      { task: "d", position: 0.25, successes: 8, episodes: 100, baselineRate: 0.8 },
      { task: "d", position: 0.5, successes: 4, episodes: 100, baselineRate: 0.8 },
    ];
    const lighter = sharedDosePrior(disagreeing, { baselineRate: 0.6, position: 0.375 })!;
    expect(lighter.episodes).toBeLessThan(20);
    // Two tasks cannot say how far the curve misses; an aim beyond what was measured has no prediction.
    expect(
      sharedDosePrior(
        agreeing.filter((probe) => probe.task !== "c"),
        { baselineRate: 0.6, position: 0.375 },
      ),
    ).toBeNull();
    expect(
      sharedDosePrior(
        agreeing.map((probe) => ({ ...probe, position: probe.position / 2 })),
        { baselineRate: 0.6, position: 0.9 },
      ),
    ).toBeNull();
  });
});
