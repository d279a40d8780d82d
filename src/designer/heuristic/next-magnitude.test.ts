import { describe, expect, it } from "vitest";
import type { TemplateKnob } from "./harness-template.js";
import { nextMagnitude } from "./next-magnitude.js";

const probability: TemplateKnob = {
  name: "probability",
  neutral: 0,
  strongest: 1,
  integer: false,
  harderWhen: "larger",
};
const turnLimit: TemplateKnob = { name: "maxTurns", neutral: 6, strongest: 1, integer: true, harderWhen: "smaller" };
const strength: TemplateKnob = { name: "strength", neutral: 0, strongest: 2, integer: false, harderWhen: "smaller" };

describe("nextMagnitude (bisection)", () => {
  it("raises a harder-when-larger knob when still too easy, lowers it when too hard", () => {
    expect(nextMagnitude(probability, [], "harder")).toBe(0.5);
    expect(nextMagnitude(probability, [{ magnitude: 0.5, need: "harder" }], "harder")).toBe(0.75);
    expect(nextMagnitude(probability, [{ magnitude: 0.5, need: "easier" }], "harder")).toBe(0.25);
    expect(
      nextMagnitude(
        probability,
        [
          { magnitude: 0.5, need: "harder" },
          { magnitude: 0.75, need: "easier" },
        ],
        "harder",
      ),
    ).toBe(0.625);
  });

  it("tries the strongest value once the bracket is open at that end", () => {
    expect(nextMagnitude(probability, [{ magnitude: 0.98, need: "harder" }], "harder")).toBe(0.99);
    expect(
      nextMagnitude(
        probability,
        [
          { magnitude: 0.99, need: "harder" },
          { magnitude: 1, need: "harder" },
        ],
        "harder",
      ),
    ).toBeNull();
  });

  it("moves a harder-when-smaller integer knob and stops when no integer is left", () => {
    expect(nextMagnitude(turnLimit, [{ magnitude: 3, need: "easier" }], "harder")).toBe(4);
    expect(
      nextMagnitude(
        turnLimit,
        [
          { magnitude: 3, need: "easier" },
          { magnitude: 4, need: "harder" },
        ],
        "harder",
      ),
    ).toBeNull();
    expect(nextMagnitude(turnLimit, [{ magnitude: 5, need: "harder" }], "harder")).toBe(3);
  });

  it("aims an integer knob along the measured line instead of bisecting over a cliff", () => {
    const long: TemplateKnob = {
      name: "maxTurns",
      neutral: 23,
      strongest: 1,
      integer: true,
      fractional: true,
      harderWhen: "smaller",
    };
    const measured = (magnitude: number, need: "harder" | "easier", rate: number) => ({
      magnitude,
      need,
      success: { rate, episodes: 100 },
    });
    const aim = { baselineRate: 0.73, middle: 0.5 };
    // Without an aim: the bracket (10, 1) is bisected.
    expect(nextMagnitude(long, [{ magnitude: 10, need: "harder" }], "harder")).toBe(5);
    // The line through the baseline (23, 0.73) and (10, 0.53) meets 0.5 at ≈ 8.
    expect(nextMagnitude(long, [measured(10, "harder", 0.53)], "harder", aim)).toBe(8);
    // Never past the bracket's middle: a line that would overshoot bisects.
    expect(nextMagnitude(long, [measured(20, "harder", 0.72)], "harder", aim)).toBe(10);
    // Both ends measured: regula falsi, then the nearest untried integer.
    expect(nextMagnitude(long, [measured(10, "harder", 0.53), measured(5, "easier", 0)], "harder", aim)).toBe(9);
  });

  it("weakens an easier template that overshot", () => {
    expect(nextMagnitude(strength, [{ magnitude: 1, need: "harder" }], "easier")).toBe(0.5);
    expect(nextMagnitude(strength, [{ magnitude: 1, need: "easier" }], "easier")).toBe(1.5);
  });

  it("gives up on contradictory probes", () => {
    expect(
      nextMagnitude(
        probability,
        [
          { magnitude: 0.6, need: "harder" },
          { magnitude: 0.55, need: "easier" },
        ],
        "harder",
      ),
    ).toBeNull();
  });
});

describe("nextMagnitude (mixture knobs interpolate)", () => {
  const mixture: TemplateKnob = { ...probability, mixture: true };
  const easing: TemplateKnob = {
    name: "probability",
    neutral: 0,
    strongest: 1,
    integer: false,
    harderWhen: "smaller",
    mixture: true,
  };
  const probe = (magnitude: number, need: "harder" | "easier", rate: number, episodes = 40) => ({
    magnitude,
    need,
    success: { rate, episodes },
  });

  it("goes where the line through the baseline and the measured rates meets the band's middle", () => {
    // Baseline 1.0; at p = 0.5 the success was 0.75: the line reaches 0.5 at p = 1.
    expect(nextMagnitude(mixture, [probe(0.5, "harder", 0.75)], "harder", { baselineRate: 1, middle: 0.5 })).toBe(1);
    // Baseline 0.9; at p = 0.8 it overshot to 0.26: 0.5 lies at p = 0.5.
    expect(
      nextMagnitude(mixture, [probe(0.8, "easier", 0.26)], "harder", { baselineRate: 0.9, middle: 0.5 }),
    ).toBeCloseTo(0.5, 6);
    // An easier template measured at full strength: 0 → 0.8, so half of 0.5 / 0.8.
    expect(nextMagnitude(easing, [probe(1, "harder", 0.8)], "easier", { baselineRate: 0, middle: 0.5 })).toBeCloseTo(
      0.625,
      6,
    );
  });

  it("weights probes by their episodes", () => {
    const fitted = nextMagnitude(mixture, [probe(0.5, "harder", 0.7, 40), probe(0.9, "easier", 0.3, 10)], "harder", {
      baselineRate: 1,
      middle: 0.5,
    });
    // Slope (40·0.5·−0.3 + 10·0.9·−0.7) / (40·0.25 + 10·0.81) ≈ −0.680, so p ≈ 0.736 (unweighted it would be 0.680).
    expect(fitted).toBeCloseTo(0.5 / (12.3 / 18.1), 6);
  });

  it("falls back to bisection without measured rates, outside the bracket, or without an aim", () => {
    expect(
      nextMagnitude(mixture, [{ magnitude: 0.5, need: "harder" }], "harder", { baselineRate: 1, middle: 0.5 }),
    ).toBe(0.75);
    // The line says 0.97, but 0.7 was already too hard: the bracket (0.5, 0.7) wins, and the
    // line between its ends (0.8 at 0.5, 0.3 at 0.7) meets 0.5 at 0.62.
    expect(
      nextMagnitude(mixture, [probe(0.5, "harder", 0.8), probe(0.7, "easier", 0.3, 5)], "harder", {
        baselineRate: 1,
        middle: 0.5,
      }),
    ).toBeCloseTo(0.62, 6);
    expect(nextMagnitude(mixture, [probe(0.5, "harder", 0.75)], "harder")).toBe(0.75);
    expect(nextMagnitude(probability, [probe(0.5, "harder", 0.75)], "harder", { baselineRate: 1, middle: 0.5 })).toBe(
      0.75,
    );
  });

  it("interpolates a partial mixture only up to its limit, and bisects beyond it", () => {
    const scaffold: TemplateKnob = {
      name: "strength",
      neutral: 0,
      strongest: 2,
      integer: false,
      harderWhen: "smaller",
      mixture: true,
      mixtureLimit: 1,
    };
    const aim = { baselineRate: 0.35, middle: 0.5 };
    // Full strength 1 gave 0.87: the line from 0.35 meets 0.5 at 0.15 / 0.52.
    expect(nextMagnitude(scaffold, [probe(1, "harder", 0.87)], "easier", aim)).toBeCloseTo(0.15 / 0.52, 6);
    // Strength 1 gave only 0.4: the line would need 1.5, past the limit — bisect (1, 2).
    expect(nextMagnitude(scaffold, [probe(1, "easier", 0.4)], "easier", aim)).toBe(1.5);
  });
});

describe("nextMagnitude (regula falsi and fractional integer knobs)", () => {
  const probe = (magnitude: number, need: "harder" | "easier", rate: number, episodes = 100) => ({
    magnitude,
    need,
    success: { rate, episodes },
  });
  const aim = { baselineRate: 1, middle: 0.5 };

  it("aims a continuous knob along the line between the rates at both ends of its bracket, a tenth off the ends at most", () => {
    // 0.9 at 0.2, 0.1 at 0.6: the line meets 0.5 at 0.4 (bisection would say 0.4 too — move one end).
    expect(
      nextMagnitude(probability, [probe(0.2, "harder", 0.9), probe(0.6, "easier", 0.1)], "harder", aim),
    ).toBeCloseTo(0.4, 6);
    expect(
      nextMagnitude(probability, [probe(0.2, "harder", 0.6), probe(0.6, "easier", 0.2)], "harder", aim),
    ).toBeCloseTo(0.3, 6);
    // The neutral end counts with the baseline's rate; a share beyond 0.9 is kept at 0.9 of the bracket.
    expect(nextMagnitude(probability, [probe(0.5, "easier", 0.45)], "harder", aim)).toBeCloseTo(0.45, 6);
  });

  it("turns a one-step cliff of a fractional integer knob into a continuous aim", () => {
    const fractional: TemplateKnob = { ...turnLimit, fractional: true };
    // 4 turns: 0.58 (still too easy); 3 turns: 0 (too hard). No integer is left; the line
    // between them meets 0.5 at 4 − 0.08 / 0.58.
    const cliff = [probe(4, "harder", 0.58), probe(3, "easier", 0)];
    expect(nextMagnitude(turnLimit, cliff, "harder", aim)).toBeNull();
    expect(nextMagnitude(fractional, cliff, "harder", aim)).toBeCloseTo(4 - 0.08 / 0.58, 6);
    // Integers stay first while one is left.
    expect(nextMagnitude(fractional, [probe(5, "harder", 0.9), probe(3, "easier", 0)], "harder", aim)).toBe(4);
  });
});
