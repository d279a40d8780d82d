import { bugfixDesignContext } from "../../testing/bugfix-design-context.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBugFixEnvDefinition } from "../../bridges/bugfix/bugfix-env-definition.js";
import { isEnvriggerError } from "../../core/errors.js";
import { bugfixPersonas } from "../../policies/bugfix-personas/bugfix-personas.js";
import { runRollouts } from "../../rollout/run-rollouts.js";
import type { CandidateProposal } from "../candidate.js";
import type { Attempt, DecisionFeedback, DesignContext, Diagnosis } from "../designer.js";
import type { HarnessTemplate } from "./harness-template.js";
import { harnessTemplates } from "./harness-templates.js";
import { HeuristicDesigner } from "./heuristic-designer.js";
import { requireVerificationTemplate } from "./require-verification-template.js";

const definition = createBugFixEnvDefinition();
afterAll(() => definition.dispose());
const designer = new HeuristicDesigner();

let context: DesignContext;
let diagnosis: Diagnosis;
beforeAll(async () => {
  const trajectories = await runRollouts({
    createEnv: () => definition.create({}),
    policy: bugfixPersonas.hasty!,
    tasks: [{ taskId: "clamp-0" }],
    episodes: 40,
    seed: 1,
  });
  context = bugfixDesignContext(trajectories, 3);
  diagnosis = await designer.diagnose(context);
});

/** An attempt of `proposal` judged with this feedback. */
function judged(proposal: CandidateProposal, decision: Omit<DecisionFeedback, "message">, revision: number): Attempt {
  return { revision, proposal, issues: [], stats: null, decision: { ...decision, message: decision.direction } };
}

async function writeAfter(attempts: Attempt[]): Promise<CandidateProposal> {
  return designer.write({ ...context, attempts }, diagnosis);
}

describe("HeuristicDesigner.write", () => {
  it("starts with the precondition on hasty's weakness at an estimated magnitude, deterministically", async () => {
    const first = await writeAfter([]);
    expect(first.template).toBe("require-verification");
    expect(first.parameters).toMatchObject({ finishingTools: ["submit"], verificationTools: ["test"], strict: true });
    const probability = first.parameters!.probability as number;
    expect(probability).toBeGreaterThan(0.1);
    expect(probability).toBeLessThanOrEqual(1);
    expect(first.layers[0]).toMatchObject({ kind: "rules" });
    expect(await writeAfter([])).toEqual(first);
  });

  it("aims a template's first candidate from what the run measured of it on earlier tasks, and records its knob", async () => {
    const unaimed = await writeAfter([]);
    expect(unaimed.knob).toEqual({
      name: "probability",
      value: unaimed.parameters!.probability,
      neutral: 0,
      strongest: 1,
    });
    // An earlier task at baseline 0.8 kept half its success with the precondition enforced in 60 % of episodes.
    const measured = {
      direction: "harder" as const,
      taskId: "range-0",
      template: "require-verification",
      knob: "probability",
      value: 0.6,
      position: 0.6,
      baselineRate: 0.8,
      successes: 8,
      episodes: 20,
    };
    const baselineRate = context.baseline.stats.successRate;
    // Above 0.5 / 0.5: the middle's share of this baseline lies within what was measured.
    expect(baselineRate).toBeGreaterThan(0.5);
    expect(baselineRate).toBeLessThan(1);
    const aimed = await designer.write({ ...context, runMeasurements: [measured] }, diagnosis);
    expect(aimed.template).toBe("require-verification");
    // The shared curve falls from share 1 at 0 to 1/2 at 0.6; the band's middle is 0.5 / baseline of this task's baseline.
    const share = 0.5 / baselineRate;
    expect(aimed.parameters!.probability).toBeCloseTo((0.6 * (1 - share)) / 0.5, 5);
    expect(aimed.knob?.value).toBe(aimed.parameters!.probability);
    expect(aimed.rationale).toContain("aimed at the band's middle from the run's 1 measurement(s)");
    // Another template's or another knob's measurements say nothing about this one.
    const unrelated = await designer.write(
      {
        ...context,
        runMeasurements: [
          { ...measured, template: "turn-limit" },
          { ...measured, knob: "share" },
          // A task that had to get easier measured the template's other side.
          { ...measured, direction: "easier" as const },
        ],
      },
      diagnosis,
    );
    expect(unrelated).toEqual(unaimed);
  });

  it("bisects the magnitude the way the signed distance says", async () => {
    const first = await writeAfter([]);
    const probability = first.parameters!.probability as number;
    const stillEasy = await writeAfter([
      judged(first, { decision: "refine", direction: "too-easy", distance: 0.1 }, 1),
    ]);
    expect(stillEasy.template).toBe("require-verification");
    expect(stillEasy.parameters!.probability).toBeCloseTo((probability + 1) / 2, 5);
    const overshot = await writeAfter([
      judged(first, { decision: "refine", direction: "too-hard", distance: -0.15 }, 1),
    ]);
    expect(overshot.parameters!.probability).toBeCloseTo(probability / 2, 5);
    const bracketed = await writeAfter([
      judged(first, { decision: "refine", direction: "too-hard", distance: -0.15 }, 1),
      judged(overshot, { decision: "refine", direction: "too-easy", distance: 0.08 }, 2),
    ]);
    expect(bracketed.parameters!.probability).toBeCloseTo((probability / 2 + probability) / 2, 5);
  });

  it.each([
    ["unsolvable", { decision: "refine", direction: "unsolvable", distance: -0.4 }],
    ["broken", { decision: "reject", direction: "broken", distance: 0 }],
    ["moved the wrong way", { decision: "refine", direction: "too-easy", distance: 0.3 }],
  ] as const)("switches template after %s", async (_label, decision) => {
    const first = await writeAfter([]);
    const next = await writeAfter([judged(first, decision, 1)]);
    expect(next.template).toBe("mask-observation");
    expect(next.rationale).toContain("switched from require-verification");
    expect(next.parameters).toMatchObject({ tool: "read" });
  });

  it("takes a pass-through verdict on a fraction of episodes for luck: escalates a first probe, retries after movement, switches at the strongest", async () => {
    const noEffect = { decision: "reject", direction: "no-effect", distance: 0 } as const;
    const first = await writeAfter([]);
    expect(first.parameters!.probability as number).toBeLessThan(1);
    const escalated = await writeAfter([judged(first, noEffect, 1)]);
    expect(escalated).toMatchObject({ template: "require-verification", parameters: { probability: 1 } });
    const switched = await writeAfter([judged(first, noEffect, 1), judged(escalated, noEffect, 2)]);
    expect(switched.template).toBe("mask-observation");
    expect(switched.rationale).toContain("switched from require-verification");
    const moved = judged(first, { decision: "refine", direction: "too-easy", distance: 0.1 }, 1);
    const stronger = await writeAfter([moved]);
    const retried = await writeAfter([moved, judged(stronger, noEffect, 2)]);
    expect(retried).toEqual(stronger);
  });

  it("switches after a candidate that never ran, and keeps dropped templates dropped", async () => {
    const first = await writeAfter([]);
    const failed: Attempt = {
      revision: 1,
      proposal: first,
      issues: [{ code: "type-error", message: "bad" }],
      stats: null,
      decision: null,
    };
    const mask = await writeAfter([failed]);
    expect(mask.template).toBe("mask-observation");
    const tuned = await writeAfter([
      failed,
      judged(mask, { decision: "refine", direction: "too-hard", distance: -0.2 }, 2),
    ]);
    expect(tuned.template).toBe("mask-observation");
    expect(tuned.parameters!.probability as number).toBeLessThan(mask.parameters!.probability as number);
  });

  it("reports DESIGNER_OUTPUT when every template was dropped", async () => {
    const attempts: Attempt[] = [];
    for (let revision = 1; revision <= 20; revision++) {
      let proposal: CandidateProposal;
      try {
        proposal = await writeAfter(attempts);
      } catch (error) {
        expect(isEnvriggerError(error, "DESIGNER_OUTPUT")).toBe(true);
        expect((error as Error).message).toContain("no-effect");
        return;
      }
      attempts.push(judged(proposal, { decision: "reject", direction: "no-effect", distance: 0 }, revision));
    }
    throw new Error("the designer never ran out of templates");
  });

  it("targets a named weakness with the template that makes it decisive, else falls back to harder templates", async () => {
    const skipping = { ...context, target: { weakness: "submits without running the tests" } };
    const targeted = await designer.write(skipping, await designer.diagnose(skipping));
    expect(targeted).toMatchObject({ template: "require-verification", parameters: { strict: true, probability: 1 } });
    const leaning = { ...context, target: { weakness: "over-relies on one tool" } };
    const fallback = await designer.write(leaning, await designer.diagnose(leaning));
    const harder = await writeAfter([]);
    expect(fallback.template).toBe(harder.template);
    expect(fallback.parameters).toEqual(harder.parameters);
  });

  it("escalates a template that did not move to its strongest value once, then drops it", async () => {
    const first = await writeAfter([]);
    const baselineDistance = context.baseline.stats.successRate - 0.6;
    const still = judged(first, { decision: "refine", direction: "too-easy", distance: baselineDistance - 0.01 }, 1);
    const escalated = await writeAfter([still]);
    expect(escalated.template).toBe("require-verification");
    expect(escalated.parameters!.probability).toBe(1);
    const next = await writeAfter([
      still,
      judged(escalated, { decision: "refine", direction: "too-easy", distance: baselineDistance }, 2),
    ]);
    expect(next.template).toBe("mask-observation");
    expect(next.rationale).toContain("did not move, even at its strongest");
  });

  it("drops a template whose stronger magnitude no longer moves the statistic (saturated), unless its knob is a mixture", async () => {
    // The same catalogue, with require-verification's probability read as an ordinary knob.
    const ordinary: HarnessTemplate = {
      ...requireVerificationTemplate,
      plan: (input) => {
        const plan = requireVerificationTemplate.plan(input);
        return plan && { ...plan, knob: { ...plan.knob, mixture: false } };
      },
    };
    const bisecting = new HeuristicDesigner({
      templates: harnessTemplates.map((template) => (template.id === ordinary.id ? ordinary : template)),
    });
    const write = (attempts: Attempt[]) => bisecting.write({ ...context, attempts }, diagnosis);
    const first = await write([]);
    const moved = judged(first, { decision: "refine", direction: "too-easy", distance: 0.1 }, 1);
    const stronger = await write([moved]);
    const flat = judged(stronger, { decision: "refine", direction: "too-easy", distance: 0.11 }, 2);
    const next = await write([moved, flat]);
    expect(next.template).toBe("mask-observation");
    expect(next.rationale).toContain("saturated");
    // A mixture's success is linear in its knob: the same history is noise, and the search goes on.
    const mixture = await writeAfter([moved, flat]);
    expect(mixture.template).toBe("require-verification");
  });

  it("reads an unsolvable verdict on a mixture knob that moved before as a probe that went too far", async () => {
    const first = await writeAfter([]);
    const moved = judged(first, { decision: "refine", direction: "too-easy", distance: 0.1 }, 1);
    const stronger = await writeAfter([moved]);
    const relaxed = await writeAfter([
      moved,
      judged(stronger, { decision: "refine", direction: "unsolvable", distance: -0.4 }, 2),
    ]);
    expect(relaxed.template).toBe("require-verification");
    const [low, high] = [first.parameters!.probability as number, stronger.parameters!.probability as number];
    expect(relaxed.parameters!.probability).toBeCloseTo((low + high) / 2, 5);
  });

  it("reads a later probe further from the band than the baseline as a bound, not as the wrong way", async () => {
    const first = await writeAfter([]);
    const moved = judged(first, { decision: "refine", direction: "too-easy", distance: 0.1 }, 1);
    const stronger = await writeAfter([moved]);
    // A first batch of five at the stronger value all succeeded: further above the band than the baseline.
    const after = await writeAfter([
      moved,
      judged(stronger, { decision: "refine", direction: "too-easy", distance: 0.4 }, 2),
    ]);
    expect(after.template).toBe("require-verification");
    expect(after.parameters!.probability as number).toBeGreaterThan(stronger.parameters!.probability as number);
  });
});
