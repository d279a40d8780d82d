import { describe, expect, it } from "vitest";
import type { Attempt } from "../designer.js";
import { attemptOutcome } from "./attempt-outcome.js";
import type { TemplateKnob } from "./harness-template.js";

const knob: TemplateKnob = { name: "strength", neutral: 0, strongest: 3, integer: false, harderWhen: "smaller" };
const attempt = (strength: number, distance: number): Attempt => ({
  revision: 1,
  proposal: {
    layers: [{ kind: "setup", actions: [] as never }],
    rationale: "",
    template: "t",
    parameters: { strength },
  },
  issues: [],
  stats: null,
  decision: { decision: "refine", direction: "too-hard", distance, message: "" },
});
const counts = (successes: number, episodes: number) => ({ successes, episodes });

describe("attemptOutcome on evidence", () => {
  it("does not call 0 of 10 against 1 of 10 the wrong way: it escalates", () => {
    const outcome = attemptOutcome(attempt(1, -0.4), -0.3, knob, 0, {
      probe: counts(0, 10),
      reference: counts(1, 10),
    });
    expect(outcome).toMatchObject({ kind: "escalate", reason: "no-movement" });
    // Without the counts, the distance alone (0.4 against 0.3) drops it.
    expect(attemptOutcome(attempt(1, -0.4), -0.3, knob, 0)).toMatchObject({ kind: "switch", reason: "wrong-way" });
  });

  it("drops a probe the posterior says moved away from the band", () => {
    const outcome = attemptOutcome(attempt(1, -0.4), -0.1, knob, 0, {
      probe: counts(0, 20),
      reference: counts(6, 20),
    });
    expect(outcome).toMatchObject({ kind: "switch", reason: "wrong-way" });
  });

  it("keeps a probe the posterior says moved towards the band, and drops an undecided one at its strongest", () => {
    expect(
      attemptOutcome(attempt(1, -0.2), -0.38, knob, 0, { probe: counts(4, 20), reference: counts(0, 20) }),
    ).toMatchObject({ kind: "keep", need: "easier" });
    expect(
      attemptOutcome(attempt(3, -0.38), -0.38, knob, 0, { probe: counts(1, 10), reference: counts(0, 10) }),
    ).toMatchObject({ kind: "switch", reason: "no-movement" });
  });
});
