import { describe, expect, it } from "vitest";
import type { Policy } from "../../core/policy.js";
import { buildStack } from "../../harness/build-stack.js";
import { candidateEvidence } from "../../rigger/candidate-evidence.js";
import { decide, DEFAULT_DECISION_POLICY } from "../../rigger/decision-rule.js";
import { runRollouts } from "../../rollout/run-rollouts.js";
import { summarize } from "../../rollout/summarize.js";
import { loadRulesComponent } from "../../sandbox/rules/component-loader.js";
import { TestEnv } from "../../testing/test-env.js";
import { TestEnvDefinition } from "../../testing/test-env-definition.js";
import type { Attempt, DesignContext, Diagnosis } from "../designer.js";
import { DEFAULT_TARGET } from "../target.js";
import { HeuristicDesigner } from "./heuristic-designer.js";

/** A counter policy: peeks (and sometimes peeks again), increments up to the target it read, submits. */
function counterPolicy(): Policy {
  return {
    name: "counter",
    act(input) {
      const last = input.history.at(-1);
      if (last && typeof last.action !== "string" && last.action.name === "peek" && input.random.chance(0.4))
        return { name: "peek", args: {} };
      if (input.history.length === 0) return { name: "peek", args: {} };
      const seen = [...input.history]
        .reverse()
        .map((entry) => /counter (-?\d+)/.exec(entry.observation.text))
        .find((match) => match !== null);
      if (!seen) return { name: "inc", args: {} };
      return Number(seen[1]) >= 3 ? { name: "submit", args: {} } : { name: "inc", args: {} };
    },
  };
}

/** A sloppy counter policy: peeks, then increments to 3 but misspells `inc` as `incr` half the time, then submits. */
function sloppyPolicy(): Policy {
  return {
    name: "sloppy",
    act(input) {
      if (input.history.length === 0) return { name: "peek", args: {} };
      const seen = [...input.history]
        .reverse()
        .map((entry) => /counter (-?\d+)/.exec(entry.observation.text))
        .find((match) => match !== null);
      if (seen && Number(seen[1]) >= 3) return { name: "submit", args: {} };
      return { name: input.random.chance(0.5) ? "incr" : "inc", args: {} };
    },
  };
}

/** Diagnose → (write → build → validate → decide) × ≤ 5 on the counter env (turn budget `maxTurns`): the candidates' success rates and templates. */
/** Validation rollouts per revision in this harness: the rule's default cap. */
const VALIDATION_EPISODES = DEFAULT_DECISION_POLICY.kMax;

async function rigCounter(
  policy: () => Policy,
  context: DesignContext,
  definition: TestEnvDefinition,
  maxTurns: number,
): Promise<{ rates: number[]; templates: string[]; diagnosis: Diagnosis }> {
  const designer = new HeuristicDesigner();
  const diagnosis = await designer.diagnose(context);
  const rates: number[] = [];
  const templates: string[] = [];
  for (let revision = 1; revision <= 5; revision++) {
    const proposal = await designer.write(context, diagnosis);
    templates.push(proposal.template!);
    const spec = {
      version: 1 as const,
      base: { env: "test", taskId: "t1", options: { maxTurns } },
      layers: proposal.layers.map((layer) =>
        layer.kind === "setup"
          ? { kind: "setup" as const, actions: layer.actions }
          : { kind: "rules" as const, source: layer.source },
      ),
    };
    const trajectories = await runRollouts({
      createEnv: () =>
        buildStack(spec, { resolveEnv: async () => definition, loadRules: (source) => loadRulesComponent(source) }),
      policy,
      tasks: [{ taskId: "t1" }],
      episodes: VALIDATION_EPISODES,
      seed: 2,
      indexOffset: 1000 * revision,
    });
    const evidence = candidateEvidence(proposal, trajectories);
    expect(evidence.stats.errorRate, JSON.stringify(evidence.stats.stopMessages)).toBe(0);
    rates.push(evidence.stats.successRate);
    // One batch at the default cap, judged at the cap (no confirmation batch in this harness).
    const verdict = decide(context.target, evidence, { ...DEFAULT_DECISION_POLICY, confirmationEpisodes: 0 });
    if (verdict.decision === "accept") break;
    const attempt: Attempt = {
      revision,
      proposal,
      issues: [],
      stats: evidence.stats,
      decision: verdict.decision === "more" ? null : verdict,
    };
    context.attempts = [...context.attempts, attempt];
  }
  return { rates, templates, diagnosis };
}

async function counterContext(
  policy: () => Policy,
  definition: TestEnvDefinition,
  maxTurns: number,
): Promise<DesignContext> {
  const baseline = await runRollouts({
    createEnv: () => definition.create({ maxTurns }),
    policy,
    tasks: [{ taskId: "t1" }],
    episodes: 40,
    seed: 2,
  });
  return {
    envId: "test",
    taskId: "t1",
    instruction: baseline[0]!.initialObservation.text,
    tools: await new TestEnv().tools(),
    stateSchema: "",
    harnessApi: "",
    target: DEFAULT_TARGET,
    baseline: { stats: summarize(baseline), trajectories: baseline },
    attempts: [],
    seed: 2,
  };
}

describe("the heuristic designer on another env (the test counter env)", () => {
  it("diagnoses with generic tool roles and writes candidates that build, run and move the success rate", async () => {
    const definition = new TestEnvDefinition();
    const context = await counterContext(counterPolicy, definition, 7);
    const { rates, diagnosis } = await rigCounter(counterPolicy, context, definition, 7);
    expect(diagnosis.text).toContain("Tools: finishing submit; information peek; other inc, dec.");
    expect(diagnosis.weaknesses.map((weakness) => weakness.id)).toContain("repeats-actions");
    expect(diagnosis.direction).toBe("harder");
    expect(Math.min(...rates)).toBeLessThan(context.baseline.stats.successRate - 0.2);
  });

  it("unblocks a policy whose calls are refused by repairing its misspelt tool name", async () => {
    const definition = new TestEnvDefinition();
    const context = await counterContext(sloppyPolicy, definition, 6);
    const { rates, templates, diagnosis } = await rigCounter(sloppyPolicy, context, definition, 6);
    expect(diagnosis.direction).toBe("easier");
    expect(diagnosis.weaknesses.map((weakness) => weakness.id)).toContain("invalid-calls");
    expect(templates[0]).toBe("repair-calls");
    expect(rates[0]).toBeGreaterThan(context.baseline.stats.successRate + 0.2);
    // Under the confidence rule (P(in band) ≥ 0.9 at n = 120) the search lands next to the band
    // (0.35–0.41 here) but does not get inside with confidence within five revisions: the
    // repair knob's success is not linear in it, so the mixture interpolation creeps (issue 14 note).
    expect(rates.at(-1)).toBeGreaterThanOrEqual(0.3);
    expect(rates.at(-1)).toBeLessThanOrEqual(0.6);
  });
});
