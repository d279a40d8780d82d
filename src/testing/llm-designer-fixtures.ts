import { EnvriggerError } from "../core/errors.js";
import type { JsonObject } from "../core/json.js";
import type { Trajectory, TrajectoryStep } from "../core/trajectory.js";
import { summarize } from "../rollout/summarize.js";
import { ScriptedChatModel, type ScriptedChatReply } from "./scripted-chat-model.js";
import { TestEnv } from "./test-env.js";
import type { DesignContext, Diagnosis } from "../designer/designer.js";
import { LlmDesigner } from "../designer/llm/llm-designer.js";

/** What the LLM designer's tests share: BugFix-like rollouts, a design context, scripted answers and a fast designer. */
export const HIDDEN = ["hiddenPass", "hiddenFrac", "(7, 3, 9)", "hiddenTests", "0.875"];
export const HARNESS_API = "declare function filterAction(action: Action, ctx: HookContext): FilterActionResult;";

export function step(turn: number, name: string, extra: Partial<TrajectoryStep> = {}): TrajectoryStep {
  const args: JsonObject = name === "inc" ? { by: 1 } : {};
  const action = { name, args };
  return {
    turn,
    policyAction: action,
    parsedAction: action,
    envAction: action,
    observation: { text: `counter ${turn + 1}` },
    reward: 0,
    terminated: name === "submit",
    truncated: false,
    info: { stop: name === "submit" ? "submit" : null, hiddenPass: false, hiddenTests: ["f(7, 3, 9)"] },
    layers: [],
    policyMs: 0,
    stepMs: 0,
    ...extra,
  };
}

export function rollout(seed: number, names: string[], success: boolean): Trajectory {
  return {
    envId: "test",
    stack: "test",
    taskId: "t1",
    seed,
    policy: "counter-policy",
    initialObservation: { text: "counter 0; reach 3 then submit" },
    steps: names.map((name, turn) => step(turn, name)),
    stopReason: names.at(-1) === "submit" ? "submit" : "budget",
    evaluation: { success, score: 0.875, metrics: { hiddenPass: success, hiddenFrac: 0.875, failing: "(7, 3, 9)" } },
    totalReward: success ? 1 : 0,
    durationMs: 1,
  };
}

export async function designContext(overrides: Partial<DesignContext> = {}): Promise<DesignContext> {
  const trajectories = [
    rollout(1, ["inc", "inc", "inc", "submit"], true),
    rollout(2, ["inc", "inc", "submit"], false),
    rollout(3, ["inc", "inc", "inc", "submit"], true),
    rollout(4, ["inc", "peek", "peek", "peek", "peek"], false),
    rollout(5, ["inc", "inc", "inc", "submit"], true),
  ];
  return {
    envId: "test",
    taskId: "t1",
    instruction: "counter 0; reach 3 then submit",
    tools: await new TestEnv().tools(),
    stateSchema: "{ counter: number; turns: number; done: boolean }",
    harnessApi: HARNESS_API,
    target: { successBand: [0.4, 0.6] },
    baseline: { stats: summarize(trajectories), trajectories },
    attempts: [],
    seed: 1,
    ...overrides,
  };
}

export const diagnosisArgs = {
  text: "The policy reaches 3 in 4 turns in 3 of 5 rollouts; it sometimes submits at 2.",
  weaknesses: [{ id: "Submits Early", evidence: "1 of 5 rollouts submits with counter 2.", severity: 0.6 }],
  direction: "harder",
};

export const proposalArgs = {
  rationale: "Success 0.60 is at the top of the band; refuse the first submit without a peek (one operation).",
  layers: [
    {
      kind: "rules",
      name: "peek-before-submit",
      source:
        "export function filterAction(action, ctx) { return ctx.memory.peeked || action.name !== 'submit' ? { kind: 'pass' } : { kind: 'block', reason: 'peek first' }; }",
    },
  ],
};

export const diagnosis: Diagnosis = {
  text: diagnosisArgs.text,
  weaknesses: [{ id: "submits-early", evidence: "x", severity: 0.6 }],
  direction: "harder",
};
export const fast = { retries: 1, outputRetries: 1, timeoutMs: 2000, backoff: { initialMs: 1, maxMs: 2 } };

export function designerOf(replies: ScriptedChatReply[], settings = fast) {
  const model = new ScriptedChatModel(replies);
  return { model, designer: new LlmDesigner(model, { settings }) };
}

export async function rejection(promise: Promise<unknown>): Promise<EnvriggerError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof EnvriggerError) return error;
    throw error;
  }
  throw new Error("expected a rejection, got a value");
}
