import { describe, expect, it } from "vitest";
import { toy24Env } from "../../bridges/toy24/toy24-env-definition.js";
import { toy24Tools } from "../../bridges/toy24/toy24-tools.js";
import type { Action } from "../../core/action.js";
import type { ActionableEnv } from "../../core/actionable-env.js";
import type { JsonObject } from "../../core/json.js";
import type { PolicyFactory } from "../../core/policy.js";
import type { Trajectory } from "../../core/trajectory.js";
import { buildStack } from "../../harness/build-stack.js";
import { toy24Policies } from "../../policies/toy24/toy24-policies.js";
import { runRollouts } from "../../rollout/run-rollouts.js";
import { isSuccess, summarize } from "../../rollout/summarize.js";
import { loadRulesComponent } from "../../sandbox/rules/component-loader.js";
import { checkComponentSource } from "../../sandbox/rules/static-check/static-check.js";
import type { CandidateLayer } from "../candidate.js";
import type { Attempt, DesignContext } from "../designer.js";
import { DEFAULT_TARGET } from "../target.js";
import { argumentDomains } from "./call-domains.js";
import { exploredOpenings, rewrittenCall } from "./explored-openings.js";
import { harnessTemplates } from "./harness-templates.js";
import { HeuristicDesigner } from "./heuristic-designer.js";
import { observedTool } from "./observed-tool.js";
import { ToolRoles } from "../../analysis/tool-roles.js";

// Game of 24 with `greedy`: a policy that calls no information tool (it reads the numbers
// shown after each move, in text and data) and that either always or never solves a puzzle.
// Task 24-1 it always solves; 24-151 and 24-451 never (some other openings it can finish).
const greedy = toy24Policies.greedy!;
const dependencies = { resolveEnv: async () => toy24Env, loadRules: (source: string) => loadRulesComponent(source) };
const designer = new HeuristicDesigner();
const combine = toy24Tools().find((tool) => tool.name === "combine")!;

async function contextFor(taskId: string, episodes = 10): Promise<DesignContext> {
  const trajectories = await runRollouts({
    createEnv: () => toy24Env.create(),
    policy: greedy,
    tasks: [{ taskId }],
    episodes,
    seed: 4,
  });
  return {
    envId: "toy24",
    taskId,
    instruction: trajectories[0]!.initialObservation.text,
    tools: toy24Tools(),
    stateSchema: "",
    harnessApi: "",
    target: DEFAULT_TARGET,
    baseline: { stats: summarize(trajectories), trajectories },
    attempts: [],
    seed: 4,
  };
}

function stack(taskId: string, layers: CandidateLayer[]): () => Promise<ActionableEnv> {
  return () =>
    buildStack(
      {
        version: 1,
        base: { env: "toy24", taskId },
        layers: layers.map((layer) =>
          layer.kind === "setup" ? { kind: "setup", actions: layer.actions } : { kind: "rules", source: layer.source },
        ),
      },
      dependencies,
    );
}

async function rollouts(
  taskId: string,
  layers: CandidateLayer[],
  episodes: number,
  policy: PolicyFactory = greedy,
  seed = 9,
): Promise<Trajectory[]> {
  return runRollouts({ createEnv: stack(taskId, layers), policy, tasks: [{ taskId }], episodes, seed });
}

function build(id: string, settings: JsonObject, magnitude: number): CandidateLayer[] {
  const layers = harnessTemplates
    .find((template) => template.id === id)!
    .build(settings, magnitude, {} as DesignContext);
  for (const layer of layers)
    if (layer.kind === "rules") expect(checkComponentSource(layer.source).issues, layer.source).toEqual([]);
  return layers;
}

const firstCombine = (trajectory: Trajectory) =>
  trajectory.steps.find((step) => step.parsedAction?.name === "combine")!;

describe("generic classification on an env without an information tool", () => {
  it("classifies the tools and finds that the policy reads the answers to its moves", async () => {
    const context = await contextFor("24-1");
    const diagnosis = await designer.diagnose(context);
    expect(diagnosis.text).toContain("Tools: finishing submit; backtracking undo, reset; other combine.");
    expect(observedTool(context, new ToolRoles(context.tools))).toEqual({ name: "combine", calls: 30, role: "other" });
    // A move whose answer never changes carries nothing to hide.
    const constant = context.baseline.trajectories.map((trajectory) => ({
      ...trajectory,
      steps: trajectory.steps.map((step) => ({ ...step, observation: { text: "ok" } })),
    }));
    expect(
      observedTool(
        { ...context, baseline: { ...context.baseline, trajectories: constant } },
        new ToolRoles(context.tools),
      ),
    ).toBeNull();
  });

  it("reads argument domains from the schema and the calls the policy made", () => {
    const calls: Action[] = [
      { name: "combine", args: { i: 0, j: 2, op: "mul" } },
      { name: "combine", args: { i: 1, j: 0, op: "add" } },
    ];
    expect(argumentDomains(combine, calls)).toEqual({ i: [0, 1, 2], j: [0, 1, 2], op: ["add", "sub", "mul", "div"] });
    const schema = {
      type: "object",
      properties: {
        flag: { type: "boolean" },
        size: { type: "integer", minimum: 1, maximum: 3 },
        name: { type: "string" },
        unused: { type: "string" },
      },
      required: ["flag", "size", "name"],
    };
    const tool = { name: "make", description: "", inputSchema: schema };
    expect(
      argumentDomains(tool, [
        { name: "make", args: { flag: true, size: 2, name: "a" } },
        { name: "make", args: { flag: true, size: 2, name: "b" } },
      ]),
    ).toEqual({
      flag: [true, false],
      size: [1, 2, 3],
      name: ["a", "b"],
    });
    expect(argumentDomains(tool, [])).toBeNull();
  });

  it("plans to mask the moves' answers when the policy always solves, and to explore its opening when it never does", async () => {
    const solved = await contextFor("24-1");
    const harder = designer.plans(solved, await designer.diagnose(solved));
    expect(harder[0]).toMatchObject({ template: "mask-observation", settings: { tool: "combine" }, initial: 0.5 });
    const unsolved = await contextFor("24-151");
    const easier = designer.plans(unsolved, await designer.diagnose(unsolved));
    expect(easier.map((plan) => plan.template)).toContain("explore-call");
    expect(easier.find((plan) => plan.template === "explore-call")).toMatchObject({
      settings: { tool: "combine", avoid: [] },
      initial: 0.6,
    });
    expect(easier.map((plan) => plan.template)).not.toContain("steer-call");
  });
});

describe("templates for such a policy, on the real env", () => {
  it("mask-observation hides the text and the data after a move, so the policy cannot read the board", async () => {
    const always = await rollouts("24-1", build("mask-observation", { tool: "combine" }, 1), 5);
    for (const trajectory of always) {
      const step = firstCombine(trajectory);
      expect(step.observation).toEqual({ text: "[the output of combine is unavailable in this episode]", data: {} });
      expect(trajectory.steps[1]!.parsedAction?.name).toBe("submit");
      expect(isSuccess(trajectory)).toBe(false);
    }
    const half = await rollouts("24-1", build("mask-observation", { tool: "combine" }, 0.5), 40);
    const successes = half.filter(isSuccess).length;
    expect(successes).toBeGreaterThan(10);
    expect(successes).toBeLessThan(30);
  });

  it("explore-call replaces the first move with another well-formed call, never one to avoid", async () => {
    const context = await contextFor("24-451");
    expect(context.baseline.stats.successes).toBe(0);
    const domains = { i: [0, 1, 2, 3], j: [0, 1, 2, 3], op: ["add", "sub", "mul", "div"] };
    const avoid = [{ i: 0, j: 1, op: "add" }];
    const explored = await rollouts("24-451", build("explore-call", { tool: "combine", domains, avoid }, 1), 30);
    for (const trajectory of explored) {
      const call = rewrittenCall(trajectory)!;
      expect(call.name).toBe("combine");
      expect(call.args).not.toEqual(avoid[0]);
      // Only the first accepted move is replaced; later moves are the policy's own.
      const later = trajectory.steps.slice(trajectory.steps.findIndex((step) => step.envAction === call) + 1);
      expect(later.every((step) => step.envAction === step.policyAction)).toBe(true);
    }
    // Some explored openings lead the policy to a solution it never found on its own.
    expect(explored.filter(isSuccess).length).toBeGreaterThan(3);
    expect(explored.filter(isSuccess).length).toBeLessThan(30);
  });

  it("explore-call retries a refused replacement on the next move, at most three times", async () => {
    const layers = build("explore-call", { tool: "combine", domains: { i: [0], j: [0], op: ["add"] }, avoid: [] }, 1);
    const [trajectory] = await rollouts("24-1", layers, 1);
    const refused = trajectory!.steps.map(
      (step) => step.info.actionError !== null && step.info.actionError !== undefined,
    );
    expect(refused.slice(0, 4)).toEqual([true, true, true, false]);
    expect(trajectory!.steps[3]!.envAction).toEqual(trajectory!.steps[3]!.policyAction);
  });

  it("steer-call replaces the first move with the given opening, and leaves a policy that chose it alone", async () => {
    const context = await contextFor("24-451");
    const own = firstCombine(context.baseline.trajectories[0]!).parsedAction!;
    const opening: Action = { name: "combine", args: { ...own.args, op: own.args.op === "add" ? "mul" : "add" } };
    const steered = await rollouts("24-451", build("steer-call", { tool: "combine", call: opening }, 1), 5);
    for (const trajectory of steered) expect(firstCombine(trajectory).envAction).toEqual(opening);
    const untouched = await rollouts("24-451", build("steer-call", { tool: "combine", call: own }, 1), 3);
    for (const trajectory of untouched) expect(rewrittenCall(trajectory)).toBeNull();
  });
});

describe("the designer's search for an opening", () => {
  /** An explore-call attempt at `probability` (default: the designer's choice), validated on 30 episodes; the kept episodes are the successful or the failed ones. */
  async function exploreAttempt(context: DesignContext, successful: boolean, probability?: number): Promise<Attempt> {
    const written = await designer.write(context, await designer.diagnose(context));
    expect(written.template).toBe("explore-call");
    const magnitude = probability ?? (written.parameters!.probability as number);
    const settings = { ...written.parameters! };
    delete settings.probability;
    const proposal = {
      ...written,
      layers: build("explore-call", settings, magnitude),
      parameters: { ...settings, probability: magnitude },
    };
    const trajectories = await rollouts(context.taskId, proposal.layers, 30);
    const stats = summarize(trajectories);
    const [low, high] = context.target.successBand!;
    const direction = stats.successRate > high ? "too-easy" : stats.successRate < low ? "too-hard" : "in-band";
    const kept = trajectories.filter((trajectory) => isSuccess(trajectory) === successful).slice(0, 3);
    return {
      revision: 1,
      proposal,
      issues: [],
      stats,
      decision: {
        decision: "refine",
        direction,
        distance: stats.successRate - (direction === "too-easy" ? high : low),
        message: direction,
      },
      trajectories: kept,
    };
  }

  it("steers by an opening a kept explored episode succeeded with, aiming at the band's middle", async () => {
    const context = await contextFor("24-451");
    const attempt = await exploreAttempt(context, true);
    const opening = exploredOpenings({ ...context, attempts: [attempt] }, "explore-call", true)[0]!;
    const steer = await designer.write({ ...context, attempts: [attempt] }, await designer.diagnose(context));
    expect(steer).toMatchObject({
      template: "steer-call",
      parameters: { tool: "combine", call: opening.call, probability: 0.5 },
    });
    expect(steer.rationale).toContain("switched from explore-call");
  });

  it("searches again, skipping the openings seen failing, when exploring falls far short and no kept episode succeeded", async () => {
    const context = await contextFor("24-151");
    const attempt = await exploreAttempt(context, false);
    expect(attempt.stats!.successRate / 0.6).toBeLessThan(0.5);
    const again = await designer.write({ ...context, attempts: [attempt] }, await designer.diagnose(context));
    expect(again.template).toBe("explore-call");
    expect((again.parameters!.avoid as JsonObject[]).length).toBeGreaterThan(0);
    expect(again.rationale).toContain("search round 2");
  });

  it("tunes the exploration's probability towards the middle when exploring every episode could reach it", async () => {
    const context = await contextFor("24-451");
    const short = await exploreAttempt(context, false);
    expect(short.decision!.direction).toBe("too-hard");
    const raised = await designer.write({ ...context, attempts: [short] }, await designer.diagnose(context));
    expect(raised).toMatchObject({ template: "explore-call", parameters: { avoid: [] } });
    expect(raised.rationale).toContain("interpolating probability");
    const expected = 0.5 / (short.stats!.successRate / 0.6);
    expect(raised.parameters!.probability).toBeCloseTo(Math.min(1, expected), 5);
    // Aimed at a lower band, exploring every episode overshoots: the probability comes down to the middle.
    const lowBand = { ...context, target: { successBand: [0.2, 0.3] as [number, number] } };
    const overshot = await exploreAttempt(lowBand, false, 1);
    expect(overshot.decision!.direction).toBe("too-easy");
    const lowered = await designer.write({ ...lowBand, attempts: [overshot] }, await designer.diagnose(lowBand));
    expect(lowered.template).toBe("explore-call");
    expect(lowered.parameters!.probability).toBeCloseTo(0.25 / overshot.stats!.successRate, 5);
  });
});
