import { afterAll, describe, expect, it } from "vitest";
import { createBugFixEnvDefinition } from "../src/bridges/bugfix/bugfix-env-definition.js";
import { bugFixTools } from "../src/bridges/bugfix/bugfix-tools.js";
import type { CandidateProposal } from "../src/designer/candidate.js";
import type { Attempt, DesignContext } from "../src/designer/designer.js";
import { HeuristicDesigner } from "../src/designer/heuristic/heuristic-designer.js";
import { matchWeakness } from "../src/designer/heuristic/match-weakness.js";
import { DEFAULT_TARGET, type Target } from "../src/designer/target.js";
import { buildStack } from "../src/harness/build-stack.js";
import type { HarnessStackSpec } from "../src/harness/harness-stack-spec.js";
import type { PolicyFactory } from "../src/core/policy.js";
import type { Trajectory } from "../src/core/trajectory.js";
import { bugfixPersonas } from "../src/policies/bugfix-personas/bugfix-personas.js";
import { candidateEvidence } from "../src/rigger/candidate-evidence.js";
import { decide } from "../src/rigger/decision-rule.js";
import { runRollouts } from "../src/rollout/run-rollouts.js";
import { summarize } from "../src/rollout/summarize.js";
import { harnessApiDeclaration } from "../src/sandbox/harness-api.js";
import { loadRulesComponent } from "../src/sandbox/component-loader.js";

const definition = createBugFixEnvDefinition();
afterAll(() => definition.dispose());
const dependencies = { resolveEnv: async () => definition, loadRules: (source: string) => loadRulesComponent(source) };
const K = 40;

function specOf(taskId: string, proposal: CandidateProposal): HarnessStackSpec {
  return {
    version: 1,
    base: { env: "bugfix", taskId },
    layers: proposal.layers.map((layer) => (layer.kind === "setup" ? { kind: "setup" as const, actions: layer.actions } : { kind: "rules" as const, source: layer.source })),
  };
}

/** The designer loop in small: baseline → diagnose → (write → build → validate → decide) × ≤ 5. */
async function rig(
  taskId: string,
  persona: PolicyFactory = bugfixPersonas.looper!,
  target: Target = DEFAULT_TARGET,
): Promise<{ context: DesignContext; accepted: CandidateProposal | null; successRates: number[] }> {
  const weaknessShows = target.weakness === undefined ? undefined : (trajectory: Trajectory) => matchWeakness(target.weakness!).shows(trajectory, bugFixTools());
  const baseline = await runRollouts({ createEnv: () => definition.create({}), policy: persona, tasks: [{ taskId }], episodes: K, seed: 11 });
  const context: DesignContext = {
    envId: "bugfix",
    taskId,
    instruction: baseline[0]!.initialObservation.text,
    tools: bugFixTools(),
    stateSchema: "",
    harnessApi: harnessApiDeclaration,
    target,
    baseline: { stats: summarize(baseline), trajectories: baseline },
    attempts: [],
    seed: 11,
  };
  const designer = new HeuristicDesigner();
  const diagnosis = await designer.diagnose(context);
  const successRates: number[] = [];
  for (let revision = 1; revision <= 5; revision++) {
    const proposal = await designer.write(context, diagnosis);
    const trajectories = await runRollouts({ createEnv: () => buildStack(specOf(taskId, proposal), dependencies), policy: persona, tasks: [{ taskId }], episodes: K, seed: 11, indexOffset: 1000 * revision });
    const evidence = candidateEvidence(proposal, trajectories, weaknessShows);
    const verdict = decide(context.target, evidence);
    successRates.push(evidence.stats.successRate);
    expect(evidence.stats.errorRate).toBe(0);
    if (verdict.decision === "accept") return { context, accepted: proposal, successRates };
    const attempt: Attempt = { revision, proposal, issues: [], stats: evidence.stats, decision: verdict.decision === "more" ? null : verdict };
    context.attempts = [...context.attempts, attempt];
  }
  return { context, accepted: null, successRates };
}

describe("heuristic designer, end to end on BugFix", () => {
  it("looper: makes a too-hard task easier: scaffolds, then bisects the scaffold's strength into the band", async () => {
    const { context, accepted, successRates } = await rig("range-0");
    expect(context.baseline.stats.successRate).toBeLessThan(0.4);
    expect(accepted?.template).toBe("scaffold-prefix");
    expect(successRates.at(-1)).toBeGreaterThanOrEqual(0.4);
    expect(successRates.at(-1)).toBeLessThanOrEqual(0.6);
    // The first, full scaffold overshot; the accepted one is weaker.
    expect(successRates[0]).toBeGreaterThan(0.6);
    expect(accepted!.parameters!.strength as number).toBeLessThan(1);
  });

  it("looper: makes a too-easy task harder with a precondition on the repeats weakness", async () => {
    const { context, accepted, successRates } = await rig("clamp-1");
    expect(context.baseline.stats.successRate).toBeGreaterThan(0.6);
    expect(accepted?.template).toBe("block-repeat");
    expect(successRates.length).toBeLessThanOrEqual(5);
    expect(successRates.at(-1)).toBeGreaterThanOrEqual(0.4);
    expect(successRates.at(-1)).toBeLessThanOrEqual(0.6);
  });

  it("hasty: makes its weakness decisive for the target \"submits without running the tests\"", async () => {
    const { accepted } = await rig("compare-2", bugfixPersonas.hasty!, { weakness: "submits without running the tests" });
    expect(accepted?.template).toBe("require-verification");
    expect(accepted?.parameters).toMatchObject({ strict: true, probability: 1 });
  });
});
