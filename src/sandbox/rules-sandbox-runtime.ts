import ivm from "isolated-vm";
import type { Action } from "../core/action.js";
import type { Json, JsonObject } from "../core/json.js";
import type { Observation } from "../core/observation.js";
import { formatIssues } from "../core/validate.js";
import type {
  FilterActionDecision,
  HookContextInput,
  HookFailure,
  HookResult,
  RulesRuntime,
  TransitionInput,
  TransitionPatch,
} from "../harness/rules-runtime.js";
import type { ComponentHooks } from "./component-hooks.js";
import { classifyIsolateFailure } from "./isolate-failure.js";
import {
  decodeFilterAction,
  decodeObservation,
  decodeTransitionPatch,
  hookEnvelopeSchema,
  type DecodedHookValue,
} from "./rules-hook-output.js";
import { rulesSandboxLimits, type ResolvedRulesSandboxOptions } from "./rules-sandbox-options.js";

/** Hook numbers inside the isolate. */
const FILTER_ACTION = 0;
const MODIFY_TRANSITION = 1;
const FILTER_OBSERVATION = 2;

/** The largest answer the isolate can legitimately give (memory + value + envelope). */
const answerLimit = rulesSandboxLimits.memoryCharacters + rulesSandboxLimits.outputCharacters + 1024;

/** A raw hook answer: the memory after the call and the value, if the hook returned one. */
interface RawHookSuccess {
  ok: true;
  memory: JsonObject;
  present: boolean;
  value: unknown;
}

/**
 * A {@link RulesRuntime} backed by one isolated-vm isolate that holds one loaded component
 * (see `createRulesSandbox`). Each hook call is one synchronous round trip: the inputs go in
 * as one JSON string, the isolate runs the hook under the per-call timeout and returns one
 * JSON string, which is parsed and validated here. Every failure is a {@link HookFailure};
 * after the isolate runs out of memory, or after `dispose()`, every call returns the same
 * fatal failure. The methods return already-resolved promises.
 */
export class SandboxRulesRuntime implements RulesRuntime {
  readonly hooks: ComponentHooks;
  readonly usesState: boolean;
  readonly #isolate: ivm.Isolate;
  readonly #call: ivm.Reference;
  readonly #options: ResolvedRulesSandboxOptions;
  #dead: HookFailure | undefined;

  /** Wrap a loaded isolate; `call` is the sandbox API's `call` function. Use `createRulesSandbox`. */
  constructor(isolate: ivm.Isolate, call: ivm.Reference, hooks: ComponentHooks, usesState: boolean, options: ResolvedRulesSandboxOptions) {
    this.#isolate = isolate;
    this.#call = call;
    this.hooks = hooks;
    this.usesState = usesState;
    this.#options = options;
  }

  filterAction(action: Action, context: HookContextInput): Promise<HookResult<FilterActionDecision>> {
    const pass: FilterActionDecision = { kind: "pass" };
    return Promise.resolve(
      this.#run(FILTER_ACTION, this.hooks.filterAction, [action], context, pass, (answer) => decodeFilterAction(answer.value, answer.present, action)),
    );
  }

  modifyTransition(action: Action, transition: TransitionInput, context: HookContextInput): Promise<HookResult<TransitionPatch>> {
    const subjects = [action, transition as unknown as Json];
    return Promise.resolve(
      this.#run(MODIFY_TRANSITION, this.hooks.modifyTransition, subjects, context, {}, (answer) =>
        decodeTransitionPatch(answer.value, answer.present, transition),
      ),
    );
  }

  filterObservation(observation: Observation, context: HookContextInput): Promise<HookResult<Observation>> {
    return Promise.resolve(
      this.#run(FILTER_OBSERVATION, this.hooks.filterObservation, [observation], context, observation, (answer) =>
        decodeObservation(answer.value, answer.present, observation),
      ),
    );
  }

  /** Free the isolate. Idempotent; later calls return a fatal `disposed` failure. */
  dispose(): void {
    if (this.#dead?.code !== "memory") {
      this.#dead = { ok: false, code: "disposed", message: "the Rules component was disposed", fatal: true };
    }
    if (!this.#isolate.isDisposed) this.#isolate.dispose();
  }

  /** Run one hook: the fatal failure once dead, `absent` for a hook the component lacks, else a decoded call. */
  #run<T>(
    hook: number,
    defined: boolean,
    subjects: Json[],
    context: HookContextInput,
    absent: T,
    decode: (answer: RawHookSuccess) => DecodedHookValue<T>,
  ): HookResult<T> {
    if (this.#dead) return this.#dead;
    if (!defined) return { ok: true, value: absent, memory: context.memory };
    const raw = this.#invoke(hook, subjects, context);
    if (!raw.ok) return raw;
    const decoded = decode(raw);
    if (!decoded.ok) return { ok: false, code: "bad-output", message: decoded.message, fatal: false };
    return { ok: true, value: decoded.value, memory: raw.memory };
  }

  #invoke(hook: number, subjects: Json[], context: HookContextInput): RawHookSuccess | HookFailure {
    const input = JSON.stringify({
      arguments: subjects,
      state: context.state,
      memory: context.memory,
      turn: context.turn,
      seed: context.seed,
    });
    let answer: unknown;
    try {
      answer = this.#call.applySync(undefined, [hook, input], { timeout: this.#options.timeoutMs });
    } catch (error) {
      return this.#failure(error);
    }
    if (typeof answer !== "string" || answer.length > answerLimit) {
      return { ok: false, code: "bad-output", message: "the sandbox gave an answer that is not a JSON string of sane size", fatal: false };
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer);
    } catch {
      return { ok: false, code: "bad-output", message: "the sandbox gave an answer that is not JSON", fatal: false };
    }
    const envelope = hookEnvelopeSchema.safeParse(parsed);
    if (!envelope.success) {
      return { ok: false, code: "bad-output", message: `the hook's answer has the wrong shape: ${formatIssues(envelope.error)}`, fatal: false };
    }
    const result = envelope.data;
    if (!result.ok) return { ok: false, code: result.code, message: result.message, fatal: false };
    return { ok: true, memory: result.memory, present: "value" in result, value: result.value };
  }

  #failure(error: unknown): HookFailure {
    const failure = classifyIsolateFailure(error, this.#isolate);
    if (failure.kind === "memory") {
      this.#dead = {
        ok: false,
        code: "memory",
        message: `the component ran out of memory (limit ${this.#options.memoryLimitMb} MB); its sandbox was discarded`,
        fatal: true,
      };
      return this.#dead;
    }
    if (failure.kind === "timeout") {
      return { ok: false, code: "timeout", message: `the hook ran longer than ${this.#options.timeoutMs} ms`, fatal: false };
    }
    return { ok: false, code: "threw", message: failure.message, fatal: false };
  }
}
