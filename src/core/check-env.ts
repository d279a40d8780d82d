import { actionInputSchema, type ActionInput } from "./action.js";
import type { ActionableEnv } from "./actionable-env.js";
import { evaluationSchema } from "./evaluation.js";
import { EnvriggerError, errorMessage, isEnvriggerError } from "./errors.js";
import { jsonEqual, jsonObjectSchema, jsonSchema, type Json, type JsonObject } from "./json.js";
import { observationSchema } from "./observation.js";
import { resetResultSchema, stepResultSchema } from "./step-result.js";
import { toolSpecSchema, type ToolSpec } from "./tool-spec.js";
import { createRng } from "./seeding.js";
import type { ZodType } from "zod";

/** One problem `checkEnv` found. */
export interface CheckEnvIssue {
  code: string;
  message: string;
}

/** The verdict of {@link checkEnv}. */
export interface CheckEnvReport {
  ok: boolean;
  issues: CheckEnvIssue[];
  /** How many steps each checked episode took. */
  steps: number;
  /** The object keys left out of the determinism comparisons (see {@link CheckEnvOptions.ignoreKeys}). */
  ignoredKeys: string[];
}

/**
 * Keys a server issues afresh for every episode, left out of the determinism comparisons by
 * default: OpenEnv's `episode_id` (a random id in the state of every OpenEnv server).
 */
export const SERVER_ISSUED_KEYS: readonly string[] = ["episode_id"];

/** Options of {@link checkEnv}. */
export interface CheckEnvOptions {
  taskId: string;
  seed?: number;
  /** Actions to play; default: a seeded random walk over the declared tools. */
  actions?: ActionInput[];
  /** Steps of the default random walk. */
  maxSteps?: number;
  /** Also check that save → restore → continue equals the uninterrupted episode. */
  checkSaveRestore?: boolean;
  /**
   * Object keys, at any depth of a reset, step, state view or evaluation, whose values
   * may differ between two episodes of the same seed (default {@link SERVER_ISSUED_KEYS}).
   */
  ignoreKeys?: readonly string[];
}

/** `value` without the keys in `ignored`, at any depth. */
function withoutKeys(value: Json, ignored: ReadonlySet<string>): Json {
  if (Array.isArray(value)) return value.map((item) => withoutKeys(item, ignored));
  if (value === null || typeof value !== "object") return value;
  const kept: JsonObject = {};
  for (const [key, item] of Object.entries(value))
    if (!ignored.has(key)) kept[key] = withoutKeys(item as Json, ignored);
  return kept;
}

type Recorded = { kind: string; value: Json };

/** Arguments for a tool drawn from its JSON Schema (enums, simple types), seeded. */
function sampleArgs(tool: ToolSpec, pick: (count: number) => number): JsonObject {
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, JsonObject>;
  const required = new Set((tool.inputSchema.required as string[] | undefined) ?? []);
  const args: JsonObject = {};
  for (const [name, schema] of Object.entries(properties)) {
    if (!required.has(name)) continue;
    const choices = schema.enum as Json[] | undefined;
    if (choices && choices.length > 0) args[name] = choices[pick(choices.length)] as Json;
    else if (schema.type === "integer" || schema.type === "number") args[name] = pick(4);
    else if (schema.type === "boolean") args[name] = pick(2) === 1;
    else args[name] = "";
  }
  return args;
}

/**
 * Check an environment the way Gymnasium's env checker does: shapes of every value at the
 * boundary, same-seed determinism of `reset` and `step`, save/restore continuity, and that
 * `close()` twice is safe and calls after close fail with `ENV_CLOSED`. Never throws for an
 * env's misbehaviour: every problem is an issue in the report.
 *
 * `create` is called for fresh instances, one at a time (the first is closed before the
 * second is made, so a server that takes one session passes; the save/restore check
 * needs a third while the second is open). Values of `ignoreKeys` (default: OpenEnv's
 * server-issued `episode_id`) are not compared; the report lists them.
 */
export async function checkEnv(
  create: () => Promise<ActionableEnv>,
  options: CheckEnvOptions,
): Promise<CheckEnvReport> {
  const issues: CheckEnvIssue[] = [];
  const seed = options.seed ?? 0;
  const add = (code: string, message: string) => issues.push({ code, message });
  const check = <T>(schema: ZodType<T>, value: unknown, what: string): boolean => {
    const result = schema.safeParse(value);
    if (!result.success) add("shape", `${what}: ${result.error.issues.map((issue) => issue.message).join("; ")}`);
    return result.success;
  };

  let tools: ToolSpec[] = [];
  const plan = async (env: ActionableEnv): Promise<ActionInput[]> => {
    if (options.actions) return options.actions;
    tools = await env.tools();
    const rng = createRng(seed);
    const walk: ActionInput[] = [];
    for (let index = 0; index < (options.maxSteps ?? 8); index++) {
      const tool = rng.pick(tools);
      walk.push({ name: tool.name, args: sampleArgs(tool, (count) => rng.int(count)) });
    }
    return walk;
  };

  // Run one episode, recording every value; optionally save at `saveAt` and continue in `resumeIn`.
  const play = async (env: ActionableEnv, actions: ActionInput[], saveAt?: number, resumeIn?: ActionableEnv) => {
    const record: Recorded[] = [];
    const reset = await env.reset({ taskId: options.taskId, seed });
    check(resetResultSchema, reset, "reset() result");
    record.push({ kind: "reset", value: reset as unknown as Json });
    let current = env;
    for (let index = 0; index < actions.length; index++) {
      if (saveAt === index && resumeIn) {
        const saved = await current.saveState();
        check(jsonSchema, saved, "saveState() value");
        await resumeIn.restoreState(structuredClone(saved));
        current = resumeIn;
      }
      const result = await current.step(actions[index] as ActionInput);
      check(stepResultSchema, result, `step(${index}) result`);
      record.push({ kind: "step", value: result as unknown as Json });
      const view = await current.stateView();
      check(jsonObjectSchema, view, "stateView()");
      record.push({ kind: "view", value: view });
      if (result.terminated || result.truncated) break;
    }
    const evaluation = await current.evaluate();
    check(evaluationSchema, evaluation, "evaluate()");
    record.push({ kind: "evaluate", value: evaluation as unknown as Json });
    const observed = await current.observe();
    check(observationSchema, observed, "observe()");
    return record;
  };

  const ignoredKeys = [...(options.ignoreKeys ?? SERVER_ISSUED_KEYS)];
  const ignored = new Set(ignoredKeys);
  const compare = (first: Recorded[], second: Recorded[], what: string) => {
    const length = Math.max(first.length, second.length);
    for (let index = 0; index < length; index++) {
      const left = first[index];
      const right = second[index];
      if (
        !left ||
        !right ||
        left.kind !== right.kind ||
        !jsonEqual(withoutKeys(left.value, ignored), withoutKeys(right.value, ignored))
      ) {
        add(
          "determinism",
          `${what} differ at record ${index} (${left?.kind ?? "missing"} vs ${right?.kind ?? "missing"})`,
        );
        return;
      }
    }
  };

  let steps = 0;
  const envs: ActionableEnv[] = [];
  try {
    const first = await create();
    envs.push(first);
    const toolList = await first.tools();
    toolList.forEach((tool, index) => check(toolSpecSchema, tool, `tools()[${index}]`));
    if (typeof first.describe() !== "string") add("shape", "describe() must return a string");
    if (typeof first.stateSchema() !== "string") add("shape", "stateSchema() must return a string");
    const actions = await plan(first);
    actions.forEach((action, index) => check(actionInputSchema, action, `action ${index}`));
    const runA = await play(first, actions);
    steps = runA.filter((entry) => entry.kind === "step").length;
    // Same env instance, same seed: reset must give the same episode again.
    const runB = await play(first, actions);
    compare(runA, runB, "two episodes with the same seed on one instance");
    // A fresh instance with the same seed must agree too; one instance at a time.
    await first.close();
    const second = await create();
    envs.push(second);
    compare(runA, await play(second, actions), "episodes with the same seed on two instances");
    if (options.checkSaveRestore !== false && steps >= 2) {
      const third = await create();
      envs.push(third);
      const saveAt = Math.floor(steps / 2);
      compare(
        runA,
        await play(second, actions, saveAt, third),
        "save → restore → continue and the uninterrupted episode",
      );
    }
  } catch (error) {
    add("exception", `the env threw: ${errorMessage(error)}`);
  }
  for (const env of envs) {
    try {
      await env.close();
      await env.close();
    } catch (error) {
      add("close", `close() twice threw: ${errorMessage(error)}`);
    }
  }
  const closed = envs[0];
  if (closed) {
    try {
      await closed.step({ name: tools[0]?.name ?? "noop", args: {} });
      add("close", "step() after close() did not throw");
    } catch (error) {
      if (!isEnvriggerError(error, "ENV_CLOSED"))
        add("close", `step() after close() threw ${errorMessage(error)} instead of ENV_CLOSED`);
    }
  }
  return { ok: issues.length === 0, issues, steps, ignoredKeys };
}

/** Throw when a report has issues (for tests and CLI). */
export function assertEnvOk(report: CheckEnvReport): void {
  if (!report.ok) {
    throw new EnvriggerError(
      "INTERNAL",
      `checkEnv found problems:\n${report.issues.map((issue) => `- [${issue.code}] ${issue.message}`).join("\n")}`,
    );
  }
}
