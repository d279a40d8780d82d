import { describe, expect, it } from "vitest";
import type { TemplateKnob } from "./harness-template.js";
import { nextMagnitude } from "./next-magnitude.js";

const probability: TemplateKnob = { name: "probability", neutral: 0, strongest: 1, integer: false, harderWhen: "larger" };
const turnLimit: TemplateKnob = { name: "maxTurns", neutral: 6, strongest: 1, integer: true, harderWhen: "smaller" };
const strength: TemplateKnob = { name: "strength", neutral: 0, strongest: 2, integer: false, harderWhen: "smaller" };

describe("nextMagnitude (bisection)", () => {
  it("raises a harder-when-larger knob when still too easy, lowers it when too hard", () => {
    expect(nextMagnitude(probability, [], "harder")).toBe(0.5);
    expect(nextMagnitude(probability, [{ magnitude: 0.5, need: "harder" }], "harder")).toBe(0.75);
    expect(nextMagnitude(probability, [{ magnitude: 0.5, need: "easier" }], "harder")).toBe(0.25);
    expect(nextMagnitude(probability, [{ magnitude: 0.5, need: "harder" }, { magnitude: 0.75, need: "easier" }], "harder")).toBe(0.625);
  });

  it("tries the strongest value once the bracket is open at that end", () => {
    expect(nextMagnitude(probability, [{ magnitude: 0.98, need: "harder" }], "harder")).toBe(0.99);
    expect(nextMagnitude(probability, [{ magnitude: 0.99, need: "harder" }, { magnitude: 1, need: "harder" }], "harder")).toBeNull();
  });

  it("moves a harder-when-smaller integer knob and stops when no integer is left", () => {
    expect(nextMagnitude(turnLimit, [{ magnitude: 3, need: "easier" }], "harder")).toBe(4);
    expect(nextMagnitude(turnLimit, [{ magnitude: 3, need: "easier" }, { magnitude: 4, need: "harder" }], "harder")).toBeNull();
    expect(nextMagnitude(turnLimit, [{ magnitude: 5, need: "harder" }], "harder")).toBe(3);
  });

  it("weakens an easier template that overshot", () => {
    expect(nextMagnitude(strength, [{ magnitude: 1, need: "harder" }], "easier")).toBe(0.5);
    expect(nextMagnitude(strength, [{ magnitude: 1, need: "easier" }], "easier")).toBe(1.5);
  });

  it("gives up on contradictory probes", () => {
    expect(nextMagnitude(probability, [{ magnitude: 0.6, need: "harder" }, { magnitude: 0.55, need: "easier" }], "harder")).toBeNull();
  });
});
