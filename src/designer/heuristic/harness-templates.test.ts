import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBugFixEnvDefinition } from "../../bridges/bugfix/bugfix-env-definition.js";
import { bugFixTools } from "../../bridges/bugfix/bugfix-tools.js";
import { bugfixPersonas } from "../../policies/bugfix-personas/bugfix-personas.js";
import { runRollouts } from "../../rollout/run-rollouts.js";
import { isSuccess, summarize } from "../../rollout/summarize.js";
import { loadRulesComponent } from "../../sandbox/rules/component-loader.js";
import { checkComponentSource } from "../../sandbox/rules/static-check/static-check.js";
import type { Attempt, DesignContext } from "../designer.js";
import type { Target } from "../target.js";
import { HeuristicDesigner } from "./heuristic-designer.js";
import type { Policy } from "../../core/policy.js";
import type { Trajectory } from "../../core/trajectory.js";
import type { ToolSpec } from "../../core/tool-spec.js";
import { TestEnv } from "../../testing/test-env.js";
import { harnessTemplates } from "./harness-templates.js";
import { rewriteFirstCallRules } from "./rewrite-first-call-rules.js";
import { toy24Env } from "../../bridges/toy24/toy24-env-definition.js";
import { toy24Tools } from "../../bridges/toy24/toy24-tools.js";
import { toy24Policies } from "../../policies/toy24/toy24-policies.js";
import { buildStack } from "../../harness/build-stack.js";
import { textworldEnv } from "../../bridges/textworld/textworld-env-definition.js";
import { textworldPolicies } from "../../policies/textworld/textworld-policies.js";

const definition = createBugFixEnvDefinition();
afterAll(() => definition.dispose());
const designer = new HeuristicDesigner();

/** Persona baselines and targets that, together, make every template of the catalogue plan itself. */
const cases: Array<[string, string, Target]> = [
  ["hasty", "clamp-0", { successBand: [0.4, 0.6] }],
  ["hasty", "clamp-0", { successBand: [0.95, 1] }],
  ["hasty", "clamp-0", { weakness: "submits without running the tests" }],
  ["looper", "range-0", { successBand: [0.4, 0.6] }],
  ["looper", "clamp-1", { successBand: [0.4, 0.6] }],
  ["looper", "range-0", { weakness: "repeats actions" }],
  ["looper", "range-0", { weakness: "runs out of turns" }],
  ["novice", "range-0", { weakness: "submits despite failing tests" }],
];

interface Instance {
  template: string;
  magnitude: number;
  kind: "rules" | "setup";
  source?: string;
}

/** A counter-env policy that misspells `inc` half the time (its calls are refused): the case for `repair-calls`. */
function sloppyCounterPolicy(): Policy {
  return {
    name: "sloppy",
    act(input) {
      const seen = [...input.history]
        .reverse()
        .map((entry) => /counter (-?\d+)/.exec(entry.observation.text))
        .find((match) => match !== null);
      if (seen && Number(seen[1]) >= 3) return { name: "submit", args: {} };
      return { name: input.random.chance(0.5) ? "incr" : "inc", args: {} };
    },
  };
}

const instances: Instance[] = [];
beforeAll(async () => {
  const baselines: Array<{
    envId: string;
    taskId: string;
    target: Target;
    tools: ToolSpec[];
    trajectories: Trajectory[];
    attempts?: Attempt[];
    demonstrations?: Trajectory[];
  }> = [];
  for (const [persona, taskId, target] of cases) {
    const trajectories = await runRollouts({
      createEnv: () => definition.create({}),
      policy: bugfixPersonas[persona]!,
      tasks: [{ taskId }],
      episodes: 40,
      seed: 1,
    });
    baselines.push({ envId: "bugfix", taskId, target, tools: bugFixTools(), trajectories });
  }
  const counter = await runRollouts({
    createEnv: async () => new TestEnv({ maxTurns: 5 }),
    policy: sloppyCounterPolicy,
    tasks: [{ taskId: "t1" }],
    episodes: 40,
    seed: 1,
  });
  baselines.push({
    envId: "test",
    taskId: "t1",
    target: { successBand: [0.9, 1] },
    tools: await new TestEnv().tools(),
    trajectories: counter,
  });
  // Game of 24 with `greedy` (no information tool; it always solves 24-1 and never 24-451),
  // and 24-451 again after an exploration whose kept episodes include a success (steer-call).
  for (const taskId of ["24-1", "24-451"]) {
    const trajectories = await runRollouts({
      createEnv: () => toy24Env.create(),
      policy: toy24Policies.greedy!,
      tasks: [{ taskId }],
      episodes: 10,
      seed: 1,
    });
    baselines.push({ envId: "toy24", taskId, target: { successBand: [0.4, 0.6] }, tools: toy24Tools(), trajectories });
  }
  const explored = await runRollouts({
    createEnv: () =>
      buildStack(
        {
          version: 1,
          base: { env: "toy24", taskId: "24-451" },
          layers: [
            {
              kind: "rules",
              source: rewriteFirstCallRules(
                "combine",
                { domains: { i: [0, 1, 2, 3], j: [0, 1, 2, 3], op: ["add", "sub", "mul", "div"] }, avoid: [] },
                1,
                3,
              ),
            },
          ],
        },
        { resolveEnv: async () => toy24Env, loadRules: (source) => loadRulesComponent(source) },
      ),
    policy: toy24Policies.greedy!,
    tasks: [{ taskId: "24-451" }],
    episodes: 20,
    seed: 1,
  });
  const exploration: Attempt = {
    revision: 1,
    proposal: {
      layers: [{ kind: "rules", source: "" }],
      rationale: "",
      template: "explore-call",
      parameters: { probability: 1 },
    },
    issues: [],
    stats: summarize(explored),
    decision: { decision: "refine", direction: "too-hard", distance: -0.1, message: "" },
    trajectories: explored.filter(isSuccess).slice(0, 1),
  };
  baselines.push({ ...baselines.at(-1)!, attempts: [exploration] });
  // Game of 24 with `random` (no success of its own on 24-1) and the env's demonstrator's solution:
  // the case for start-near-goal and refuse-off-path.
  const demonstrations = await runRollouts({
    createEnv: () => toy24Env.create(),
    policy: toy24Policies[toy24Env.demonstrator!]!,
    tasks: [{ taskId: "24-1" }],
    episodes: 1,
    seed: 1,
  });
  const randomBaseline = await runRollouts({
    createEnv: () => toy24Env.create(),
    policy: toy24Policies.random!,
    tasks: [{ taskId: "24-1" }],
    episodes: 10,
    seed: 1,
  });
  baselines.push({
    envId: "toy24",
    taskId: "24-1",
    target: { successBand: [0.4, 0.6] },
    tools: toy24Tools(),
    trajectories: randomBaseline.filter((trajectory) => !isSuccess(trajectory)),
    demonstrations,
  });
  // TextWorld with `walkthrough` (a recorded plan, and an env with a staging tool): the case for move-relied-on.
  const textworld = await textworldEnv.create();
  const walkthrough = await runRollouts({
    createEnv: () => textworldEnv.create(),
    policy: textworldPolicies.walkthrough!,
    tasks: [{ taskId: "tw-another_game-quest-3" }],
    episodes: 3,
    seed: 1,
  });
  baselines.push({
    envId: "textworld",
    taskId: "tw-another_game-quest-3",
    target: { successBand: [0.4, 0.6] },
    tools: await textworld.tools(),
    trajectories: walkthrough,
  });
  await textworld.close();
  for (const { envId, taskId, target, tools, trajectories, attempts, demonstrations } of baselines) {
    const context: DesignContext = {
      envId,
      taskId,
      instruction: trajectories[0]!.initialObservation.text,
      tools,
      stateSchema: "",
      harnessApi: "",
      target,
      baseline: { stats: summarize(trajectories), trajectories },
      ...(demonstrations ? { demonstrations } : {}),
      attempts: attempts ?? [],
      seed: 1,
    };
    const diagnosis = await designer.diagnose(context);
    for (const plan of designer.plans(context, diagnosis)) {
      const template = harnessTemplates.find((candidate) => candidate.id === plan.template)!;
      for (const magnitude of new Set([plan.initial, plan.knob.strongest, (plan.initial + plan.knob.strongest) / 2])) {
        for (const layer of template.build(plan.settings, magnitude, context)) {
          instances.push(
            layer.kind === "rules"
              ? { template: plan.template, magnitude, kind: "rules", source: layer.source }
              : { template: plan.template, magnitude, kind: "setup" },
          );
        }
      }
    }
  }
});

describe("template instances", () => {
  it("cover every template of the catalogue", () => {
    expect(new Set(instances.map((instance) => instance.template))).toEqual(
      new Set(harnessTemplates.map((template) => template.id)),
    );
  });

  it("pass the sandbox's static check and load into an isolate", async () => {
    const rules = instances.filter((instance) => instance.kind === "rules");
    expect(rules.length).toBeGreaterThan(20);
    const sources = [...new Set(rules.map((instance) => instance.source!))];
    for (const source of sources) {
      const check = checkComponentSource(source);
      expect(check.issues, source).toEqual([]);
      expect(check.usesState).toBe(false);
    }
    for (const source of sources) {
      const loaded = await loadRulesComponent(source);
      expect(loaded.ok ? [] : loaded.issues, source).toEqual([]);
      if (loaded.ok) loaded.runtime.dispose();
    }
  });
});
