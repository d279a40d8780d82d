import { bugfixDesignContext } from "../../testing/bugfix-design-context.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBugFixEnvDefinition } from "../../bridges/bugfix/bugfix-env-definition.js";
import { bugfixPersonas } from "../../policies/bugfix-personas/bugfix-personas.js";
import { runRollouts } from "../../rollout/run-rollouts.js";
import type { Attempt, DesignContext } from "../designer.js";
import { resolveDesigner } from "../designer-registry.js";
import { harnessTemplates } from "./harness-templates.js";
import { HeuristicDesigner } from "./heuristic-designer.js";
import { RandomEditDesigner } from "./random-edit-designer.js";

const definition = createBugFixEnvDefinition();
afterAll(() => definition.dispose());

let context: DesignContext;
beforeAll(async () => {
  const trajectories = await runRollouts({
    createEnv: () => definition.create({}),
    policy: bugfixPersonas.hasty!,
    tasks: [{ taskId: "clamp-0" }],
    episodes: 40,
    seed: 1,
  });
  context = bugfixDesignContext(trajectories, 3);
});

/** An earlier attempt that carried only its proposal (the random designer reads nothing else of it). */
function attemptOf(revision: number, proposal: Attempt["proposal"]): Attempt {
  return { revision, proposal, issues: [], stats: null, decision: null };
}

describe("RandomEditDesigner", () => {
  it("is the designer spec `random` and diagnoses no weakness, only the direction", async () => {
    const designer = await resolveDesigner("random");
    expect(designer).toBeInstanceOf(RandomEditDesigner);
    const diagnosis = await designer.diagnose(context);
    expect(diagnosis.weaknesses).toEqual([]);
    const heuristic = await new HeuristicDesigner().diagnose(context);
    expect(diagnosis.direction).toBe(heuristic.direction);
    expect(heuristic.weaknesses.length).toBeGreaterThan(0);
  });

  it("draws an applicable template at a knob inside its range, the same for the same context", async () => {
    const designer = new RandomEditDesigner();
    const diagnosis = await designer.diagnose(context);
    const applicable = designer.plans(context, diagnosis);
    expect(applicable.length).toBeGreaterThan(0);
    const first = await designer.write(context, diagnosis);
    expect(await designer.write(context, diagnosis)).toEqual(first);
    const plan = applicable.find((entry) => entry.template === first.template)!;
    expect(plan).toBeDefined();
    const magnitude = first.parameters![plan.knob.name] as number;
    expect(magnitude).toBeGreaterThanOrEqual(Math.min(plan.knob.neutral, plan.knob.strongest));
    expect(magnitude).toBeLessThanOrEqual(Math.max(plan.knob.neutral, plan.knob.strongest));
  });

  it("draws anew at each revision, independently of what earlier attempts measured", async () => {
    const designer = new RandomEditDesigner();
    const diagnosis = await designer.diagnose(context);
    const proposals = [];
    let attempts: Attempt[] = [];
    for (let revision = 0; revision < 8; revision++) {
      const proposal = await designer.write({ ...context, attempts }, diagnosis);
      proposals.push(proposal);
      attempts = [...attempts, attemptOf(revision, proposal)];
    }
    const distinct = new Set(proposals.map((proposal) => JSON.stringify(proposal.parameters)));
    expect(distinct.size).toBeGreaterThan(4);
    // Every template it draws is one of the catalogue's.
    const ids = new Set(harnessTemplates.map((template) => template.id));
    for (const proposal of proposals) expect(ids.has(proposal.template!)).toBe(true);
  });

  it("says why when no template applies", async () => {
    const designer = new RandomEditDesigner({ templates: [] });
    const diagnosis = await designer.diagnose(context);
    await expect(designer.write(context, diagnosis)).rejects.toMatchObject({ code: "DESIGNER_OUTPUT" });
  });
});
