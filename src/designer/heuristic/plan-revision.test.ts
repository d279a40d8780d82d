import { describe, expect, it } from "vitest";
import type { RolloutStats } from "../../rollout/summarize.js";
import type { Attempt, DecisionDirection, DesignContext, Diagnosis } from "../designer.js";
import type { TemplatePlan } from "./harness-template.js";
import { BASE_PARAMETER, planRevision } from "./plan-revision.js";

const plan = (template: string, priority: number): TemplatePlan => ({
  template,
  settings: { tool: "read" },
  knob: { name: "probability", neutral: 0, strongest: 1, integer: false, harderWhen: "larger" },
  initial: 0.5,
  priority,
  reason: `${template} reason`,
});
const mask = plan("mask", 2);
const truncate = plan("truncate", 1);
const diagnosis: Diagnosis = { text: "", weaknesses: [], direction: "harder" };

const stats = (rate: number): RolloutStats => ({
  episodes: 120,
  errored: 0,
  erroredExternal: 0,
  successes: Math.round(rate * 120),
  successRate: rate,
  successInterval: [rate - 0.05, rate + 0.05],
  publicPassRate: null,
  meanTurns: 4,
  meanTurnsOfSuccesses: 4,
  stopReasons: {},
  stopMessages: {},
  invalidCallRate: 0,
  blockedRate: 0,
  blockedEpisodeRate: 0,
  errorRate: 0,
  toolUse: {},
});
const attempt = (
  revision: number,
  template: TemplatePlan,
  probability: number,
  rate: number,
  extra: Record<string, unknown> = {},
): Attempt => ({
  revision,
  proposal: {
    layers: [{ kind: "rules", source: "x" }],
    rationale: "",
    template: template.template,
    parameters: { ...template.settings, probability, ...extra },
  },
  issues: [],
  stats: stats(rate),
  decision: {
    decision: "refine",
    direction: rate > 0.6 ? "too-easy" : "too-hard",
    distance: rate > 0.6 ? rate - 0.6 : rate - 0.4,
    message: "",
  },
});
const context = (attempts: Attempt[]): DesignContext => ({
  envId: "e",
  taskId: "t",
  instruction: "",
  tools: [],
  stateSchema: "",
  harnessApi: "",
  target: { successBand: [0.4, 0.6] },
  baseline: { stats: stats(1), trajectories: [] },
  attempts,
  seed: 0,
});

describe("planRevision: combining templates", () => {
  it("keeps a template that got closer but cannot reach the band as a base under the next one", () => {
    // mask moved success 1.0 → 0.68 at its strongest and has no room left: it stays, truncate is added on top.
    const attempts = [attempt(1, mask, 0.5, 0.99), attempt(2, mask, 1, 0.68)];
    const choice = planRevision([mask, truncate], context(attempts), diagnosis);
    expect(choice.plan.template).toBe("truncate");
    expect(choice.base?.plan.template).toBe("mask");
    expect(choice.base?.magnitude).toBe(1);
    expect(choice.base?.rate).toBeCloseTo(0.68);
    expect(choice.note).toMatch(/kept mask .* and added truncate/);
  });

  it("keeps tuning the added template over the same base, interpolating from what the base reached", () => {
    const first = planRevision(
      [mask, truncate],
      context([attempt(1, mask, 0.5, 0.99), attempt(2, mask, 1, 0.68)]),
      diagnosis,
    );
    const recorded = {
      [BASE_PARAMETER]: {
        key: `mask ${JSON.stringify(mask.settings)}`,
        template: "mask",
        magnitude: 1,
        rate: first.base!.rate,
        distance: first.base!.distance,
      },
    };
    const attempts = [
      attempt(1, mask, 0.5, 0.99),
      attempt(2, mask, 1, 0.68),
      attempt(3, truncate, 0.5, 0.64, recorded),
    ];
    const next = planRevision([mask, truncate], context(attempts), diagnosis);
    expect(next.plan.template).toBe("truncate");
    expect(next.base?.plan.template).toBe("mask");
    expect(next.magnitude).toBeGreaterThan(0.5);
  });

  it("does not combine a template that never moved the statistic", () => {
    const attempts = [attempt(1, mask, 0.5, 1), attempt(2, mask, 1, 1)];
    const choice = planRevision([mask, truncate], context(attempts), diagnosis);
    expect(choice.plan.template).toBe("truncate");
    expect(choice.base).toBeUndefined();
  });

  it("does not add on top a template that alone changed nothing the policy did (no-effect)", () => {
    const repeat = plan("repeat", 3);
    const passThrough: Attempt = {
      ...attempt(1, repeat, 1, 1),
      decision: { decision: "reject", direction: "no-effect", distance: 0.4, message: "pass-through" },
    };
    // repeat was a pass-through; mask then got closer but has no room left: truncate goes on top of mask, never repeat.
    const attempts = [passThrough, attempt(2, mask, 0.5, 0.99), attempt(3, mask, 1, 0.68)];
    const choice = planRevision([repeat, mask, truncate], context(attempts), diagnosis);
    expect(choice.base?.plan.template).toBe("mask");
    expect(choice.plan.template).toBe("truncate");
  });
});

describe("planRevision: an integer knob past its cliff", () => {
  const limit: TemplatePlan = {
    template: "limit",
    settings: {},
    knob: { name: "maxTurns", neutral: 23, strongest: 1, integer: true, fractional: true, harderWhen: "smaller" },
    initial: 10,
    priority: 2,
    reason: "limit",
  };
  const at = (revision: number, maxTurns: number, rate: number, direction: DecisionDirection): Attempt => ({
    revision,
    proposal: { layers: [{ kind: "rules", source: "x" }], rationale: "", template: "limit", parameters: { maxTurns } },
    issues: [],
    stats: stats(rate),
    decision: {
      decision: "refine",
      direction,
      distance: direction === "too-easy" ? rate - 0.6 : rate - 0.4,
      message: "",
    },
  });

  it("reads an unsolvable verdict after a probe that moved as too far, and aims between the two", () => {
    // Baseline 0.73 at 23 turns; 10 turns: 0.53 (just too easy for the rule); 5 turns: nobody finishes.
    const base = context([]);
    const attempts = [at(1, 10, 0.53, "too-easy"), at(2, 5, 0, "unsolvable")];
    const choice = planRevision(
      [limit, truncate],
      { ...base, baseline: { ...base.baseline, stats: stats(0.73) }, attempts },
      diagnosis,
    );
    expect(choice.plan.template).toBe("limit");
    // The line between (10, 0.53) and (5, 0) meets 0.5 next to 10: the nearest untried integer, 9.
    expect(choice.magnitude).toBe(9);
  });
});

describe("planRevision: the template added on top of a base", () => {
  const integerPlan: TemplatePlan = {
    ...truncate,
    template: "pad",
    knob: { name: "lines", neutral: 0, strongest: 30, integer: true, harderWhen: "larger" },
  };
  const fractionalPlan: TemplatePlan = {
    ...truncate,
    template: "limit",
    priority: 0.5,
    knob: { name: "maxTurns", neutral: 4, strongest: 1, integer: true, fractional: true, harderWhen: "smaller" },
  };

  const mixturePlan: TemplatePlan = {
    ...truncate,
    template: "blind",
    priority: 0.2,
    knob: { name: "probability", neutral: 0, strongest: 1, integer: false, harderWhen: "larger", mixture: true },
  };

  it("prefers a knob that moves in small steps over a higher-priority integer one", () => {
    const attempts = [attempt(1, mask, 0.5, 0.99), attempt(2, mask, 1, 0.64)];
    const choice = planRevision([mask, integerPlan, fractionalPlan], context(attempts), diagnosis);
    expect(choice.base?.plan.template).toBe("mask");
    expect(choice.plan.template).toBe("limit");
  });

  it("prefers a mixture knob (linear from the base's rate) over any other, whatever its priority", () => {
    const attempts = [attempt(1, mask, 0.5, 0.99), attempt(2, mask, 1, 0.64)];
    expect(
      planRevision([mask, integerPlan, fractionalPlan, mixturePlan], context(attempts), diagnosis).plan.template,
    ).toBe("blind");
  });

  it("takes the first composable plan when none moves in small steps", () => {
    const attempts = [attempt(1, mask, 0.5, 0.99), attempt(2, mask, 1, 0.64)];
    expect(planRevision([mask, integerPlan], context(attempts), diagnosis).plan.template).toBe("pad");
  });
});

describe("planRevision: unsolvable on a fractional knob", () => {
  const limit: TemplatePlan = {
    template: "limit",
    settings: {},
    knob: { name: "maxTurns", neutral: 4, strongest: 1, integer: true, fractional: true, harderWhen: "smaller" },
    initial: 3,
    priority: 1,
    reason: "limit reason",
  };
  const other = plan("other", 0.5);
  const cut: Attempt = {
    revision: 1,
    proposal: {
      layers: [{ kind: "rules", source: "x" }],
      rationale: "",
      template: "limit",
      parameters: { maxTurns: 3 },
    },
    issues: [],
    stats: stats(0),
    decision: { decision: "refine", direction: "unsolvable", distance: -0.4, message: "" },
  };

  it("reads a first probe that cut every success as the hard end of a mixture and aims between it and the neutral value", () => {
    // Baseline 1.0 at 4 turns (neutral), 0 at 3: the line meets 0.5 at 3.5.
    const choice = planRevision([limit, other], context([cut]), diagnosis);
    expect(choice.plan.template).toBe("limit");
    expect(choice.magnitude).toBeCloseTo(3.5, 6);
  });

  it("still switches when the knob is a plain integer one", () => {
    const plain: TemplatePlan = { ...limit, knob: { ...limit.knob, fractional: false } };
    expect(planRevision([plain, other], context([cut]), diagnosis).plan.template).toBe("other");
  });
});
