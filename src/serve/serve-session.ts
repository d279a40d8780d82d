import { randomUUID } from "node:crypto";
import type { ActionInput } from "../core/action.js";
import type { ActionableEnv } from "../core/actionable-env.js";
import { errorMessage, isEnvriggerError } from "../core/errors.js";
import { stableStringify, type Json, type JsonObject } from "../core/json.js";
import type { ToolSpec } from "../core/tool-spec.js";
import { DEFAULT_MAX_TURNS } from "../rollout/run-episode.js";
import { buildStack, type BuildStackDependencies } from "../harness/build-stack.js";
import { pickMember } from "./pick-member.js";
import { resetDataSchema, serveActionSchema } from "./serve-messages.js";
import { errorReply, observationReply, validationReply } from "./serve-replies.js";
import type { ServedMember, ServedSet } from "./served-member.js";
import { validationErrors } from "./validation-errors.js";

/** What every session of one server shares. */
export interface ServeContext {
  set: ServedSet;
  dependencies: BuildStackDependencies;
  /** The served env's tools (for `list_tools` before the first reset). */
  tools: ToolSpec[];
  /** A fresh seed for a reset without one. */
  randomSeed(): number;
  /** Where component failures and other session problems are logged. */
  log(line: string): void;
}

interface Episode {
  id: string;
  member: ServedMember;
  seed: number;
  turns: number;
  maxTurns: number;
  done: boolean;
  truncated: boolean;
  stop: string | null;
  actionError: string | null;
  success: boolean | null;
  score: number | null;
  /** The verifier's public-check metrics once done (`metrics.publicPass`, `metrics.submitted`), null when it reports none. */
  publicPass: boolean | null;
  submitted: boolean | null;
}

/** What one step gave, before it is encoded as a reply. */
interface StepOutcome {
  text: string;
  data: JsonObject | undefined;
  reward: number;
}

/** Members with the same key can share one stack instance: bare tasks of one env and options share it. */
function stackKey(member: ServedMember): string {
  if (member.spec.layers.length > 0) return member.stackId;
  return `bare:${member.spec.base.env}:${stableStringify(member.spec.base.options ?? {})}`;
}

function maxTurnsOf(info: JsonObject): number {
  const value = info.maxTurns;
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : DEFAULT_MAX_TURNS;
}

/**
 * One client session of `envrigger serve`: one stack instance for the connection's whole
 * life, any number of resets (a reset that picks another member rebuilds the stack).
 * Every method returns a reply message and never throws: a failing env or component is
 * an EXECUTION_ERROR that ends the episode cleanly (its stack is closed and rebuilt on the
 * next reset), and the session goes on.
 */
export class ServeSession {
  private stack: ActionableEnv | null = null;
  private stackMember: string | null = null;
  private tools: ToolSpec[] | null = null;
  private episode: Episode | null = null;
  private closed = false;

  constructor(private readonly context: ServeContext) {}

  /** `reset` with OpenEnv's data (`seed`, `episode_id`, `task_id`, `stack_id`; other keys ignored). */
  async reset(data: JsonObject = {}): Promise<JsonObject> {
    const parsed = resetDataSchema.safeParse(data);
    if (!parsed.success) return validationReply(validationErrors(parsed.error, data));
    const seed = parsed.data.seed ?? this.context.randomSeed();
    const picked = pickMember(this.context.set, seed, {
      taskId: parsed.data.task_id ?? undefined,
      stackId: parsed.data.stack_id ?? undefined,
    });
    if (!picked.ok)
      return validationReply(
        [
          {
            type: "value_error",
            loc: [picked.field],
            msg: picked.message,
            input: (data[picked.field] ?? null) as Json,
          },
        ],
        picked.message,
      );
    this.episode = null;
    try {
      const stack = await this.stackFor(picked.member);
      const reset = await stack.reset({ taskId: picked.member.taskId, seed });
      const episode: Episode = {
        id: parsed.data.episode_id ?? randomUUID(),
        member: picked.member,
        seed,
        turns: 0,
        maxTurns: maxTurnsOf(reset.info),
        done: false,
        truncated: false,
        stop: null,
        actionError: null,
        success: null,
        score: null,
        publicPass: null,
        submitted: null,
      };
      this.episode = episode;
      return observationReply(this.observation(episode, reset.observation.text, reset.observation.data), null, false);
    } catch (error) {
      await this.discardStack();
      return this.executionError("reset", error);
    }
  }

  /** `step` with an action: `{name, args}`, `{text}`, `{type: "list_tools"}` or `{type: "call_tool", tool_name, arguments}`. */
  async step(data: JsonObject): Promise<JsonObject> {
    const parsed = serveActionSchema.safeParse(data);
    if (!parsed.success) return validationReply(validationErrors(parsed.error, data));
    const action = parsed.data;
    if ("type" in action && action.type === "list_tools") {
      const tools = await this.currentTools();
      return observationReply(
        {
          tools: tools.map((tool) => ({
            name: tool.name,
            description: tool.description,
            input_schema: tool.inputSchema,
          })),
        },
        null,
        false,
      );
    }
    if ("type" in action) {
      const performed = await this.perform({ name: action.tool_name, args: action.arguments });
      if (!performed.ok) return performed.reply;
      const outcome = performed.outcome;
      const episode = this.episode as Episode;
      return observationReply(
        { tool_name: action.tool_name, result: outcome.text, error: episode.actionError },
        outcome.reward,
        episode.done,
      );
    }
    const performed = await this.perform("text" in action ? action.text : { name: action.name, args: action.args });
    if (!performed.ok) return performed.reply;
    const outcome = performed.outcome;
    const episode = this.episode as Episode;
    return observationReply(this.observation(episode, outcome.text, outcome.data), outcome.reward, episode.done);
  }

  /** Call a tool for the MCP JSON-RPC `tools/call`: the step's outcome, or an error reply. */
  async callTool(
    name: string,
    args: JsonObject,
  ): Promise<
    | { text: string; reward: number; done: boolean; actionError: string | null; success: boolean | null }
    | { error: string }
  > {
    const performed = await this.perform({ name, args });
    if (!performed.ok) return { error: String((performed.reply.data as JsonObject).message) };
    const outcome = performed.outcome;
    const episode = this.episode as Episode;
    return {
      text: outcome.text,
      reward: outcome.reward,
      done: episode.done,
      actionError: episode.actionError,
      success: episode.success,
    };
  }

  /** `state`: the episode's id and step count, the member, and the env's state view. */
  async state(): Promise<JsonObject> {
    const episode = this.episode;
    if (!episode)
      return {
        type: "state",
        data: {
          episode_id: null,
          step_count: 0,
          task_id: null,
          stack_id: null,
          seed: null,
          done: false,
          max_turns: null,
        },
      };
    let view: JsonObject = {};
    try {
      if (this.stack && !episode.done) view = await this.stack.stateView();
    } catch (error) {
      return this.executionError("state", error);
    }
    return {
      type: "state",
      data: {
        episode_id: episode.id,
        step_count: episode.turns,
        task_id: episode.member.taskId,
        stack_id: episode.member.stackId,
        seed: episode.seed,
        done: episode.done,
        max_turns: episode.maxTurns,
        view,
      },
    };
  }

  /** The tools of the session's stack (the served env's before the first reset). */
  async currentTools(): Promise<ToolSpec[]> {
    if (this.tools) return this.tools;
    return this.context.tools;
  }

  /** End the session: close its stack. Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.episode = null;
    await this.discardStack();
  }

  private async perform(
    action: ActionInput,
  ): Promise<{ ok: true; outcome: StepOutcome } | { ok: false; reply: JsonObject }> {
    const episode = this.episode;
    const stack = this.stack;
    if (!episode || !stack)
      return { ok: false, reply: errorReply("EXECUTION_ERROR", "no episode: send reset before step") };
    if (episode.done)
      return {
        ok: false,
        reply: errorReply(
          "EXECUTION_ERROR",
          `the episode ${episode.id} is over (${episode.stop ?? "ended"}); send reset to start another`,
        ),
      };
    try {
      const result = await stack.step(action);
      episode.turns += 1;
      const info = result.info;
      episode.actionError = typeof info.actionError === "string" ? info.actionError : null;
      const budgetEnd = !result.terminated && !result.truncated && episode.turns >= episode.maxTurns;
      episode.truncated = result.truncated || budgetEnd;
      episode.done = result.terminated || episode.truncated;
      episode.stop =
        typeof info.stop === "string"
          ? info.stop
          : budgetEnd
            ? "budget"
            : episode.done
              ? result.terminated
                ? "terminated"
                : "budget"
              : null;
      if (episode.done) await this.finish(episode, stack);
      return {
        ok: true,
        outcome: { text: result.observation.text, data: result.observation.data, reward: result.reward },
      };
    } catch (error) {
      episode.done = true;
      episode.stop = "error";
      episode.success = false;
      const over = isEnvriggerError(error, "EPISODE_OVER") || isEnvriggerError(error, "EPISODE_NOT_STARTED");
      if (!over) await this.discardStack();
      return { ok: false, reply: this.executionError("step", error) };
    }
  }

  /** The verifier's verdict at the end of an episode. */
  private async finish(episode: Episode, stack: ActionableEnv): Promise<void> {
    try {
      const evaluation = await stack.evaluate();
      episode.success = evaluation.success;
      episode.score = evaluation.score;
      const { publicPass, submitted } = evaluation.metrics;
      episode.publicPass = typeof publicPass === "boolean" ? publicPass : null;
      episode.submitted = typeof submitted === "boolean" ? submitted : null;
    } catch (error) {
      this.context.log(`evaluate failed on ${episode.member.stackId}: ${errorMessage(error)}`);
      episode.success = false;
      episode.score = null;
    }
  }

  private observation(episode: Episode, text: string, data: JsonObject | undefined): JsonObject {
    return {
      text,
      ...(data === undefined ? {} : { data }),
      task_id: episode.member.taskId,
      stack_id: episode.member.stackId,
      stack: this.stack?.describe() ?? episode.member.spec.base.env,
      candidate_id: episode.member.candidateId ?? null,
      seed: episode.seed,
      // No episode_id here: it is in the state (as in OpenEnv's reference envs), so two
      // resets with the same seed give the same observation.
      turn: episode.turns,
      max_turns: episode.maxTurns,
      truncated: episode.truncated,
      stop: episode.stop,
      action_error: episode.actionError,
      success: episode.success,
      score: episode.score,
      public_pass: episode.publicPass,
      submitted: episode.submitted,
    };
  }

  /**
   * The stack for `member`: the session's current one when it was built from the same
   * spec — or, for bare tasks, from the same env and options (a bare env resets to any of
   * its tasks) — else a new one (the old one is closed).
   */
  private async stackFor(member: ServedMember): Promise<ActionableEnv> {
    if (this.stack && this.stackMember === stackKey(member)) return this.stack;
    await this.discardStack();
    const stack = await buildStack(member.spec, this.context.dependencies);
    if (this.closed) {
      await stack.close();
      throw new Error("the session closed while its stack was being built");
    }
    this.stack = stack;
    this.stackMember = stackKey(member);
    this.tools = await stack.tools();
    return stack;
  }

  private async discardStack(): Promise<void> {
    const stack = this.stack;
    this.stack = null;
    this.stackMember = null;
    this.tools = null;
    if (!stack) return;
    try {
      await stack.close();
    } catch (error) {
      this.context.log(`closing a stack failed: ${errorMessage(error)}`);
    }
  }

  private executionError(what: string, error: unknown): JsonObject {
    const code = isEnvriggerError(error) ? `${error.code}: ` : "";
    this.context.log(`${what} failed: ${code}${errorMessage(error).split("\n")[0]}`);
    return errorReply("EXECUTION_ERROR", `${what} failed: ${code}${errorMessage(error)}`);
  }
}
