import type ivm from "isolated-vm";
import type { Action } from "../../core/action.js";
import type { Json } from "../../core/json.js";
import type { Observation } from "../../core/observation.js";
import type { TransitionThenObservationResult, TransitionThenObservationRuntime } from "../../harness/rules-layer.js";
import { applyTransitionPatch } from "../../harness/rules-hook-output-schemas.js";
import type {
  FilterActionDecision,
  HookContextInput,
  HookFailure,
  HookResult,
  TransitionInput,
  TransitionPatch,
} from "../../harness/rules-runtime.js";
import type { ComponentHooks } from "./component-hooks.js";
import { countIsolateCrossing } from "./isolate-crossings.js";
import { classifyIsolateFailure } from "../isolate/isolate-failure.js";
import {
  decodeFilterAction,
  decodeObservation,
  decodeTransitionPatch,
  parseSandboxAnswer,
  readHookAnswer,
  type DecodedHookValue,
  type RawHookSuccess,
} from "./rules-hook-output.js";
import { rulesSandboxLimits, type ResolvedRulesSandboxOptions } from "./rules-sandbox-options.js";

/** Hook numbers inside the isolate. */
const FILTER_ACTION = 0;
const MODIFY_TRANSITION = 1;
const FILTER_OBSERVATION = 2;

/** The largest answer the isolate can legitimately give (memory + value + envelope). */
const answerLimit = rulesSandboxLimits.memoryCharacters + rulesSandboxLimits.outputCharacters + 1024;

/** References to the sandbox API's functions (see `rulesBootstrapScript`). */
export interface RulesSandboxApi {
  call: ivm.Reference;
  callTransitionThenObservation: ivm.Reference;
  progress: ivm.Reference;
}

/**
 * A {@link TransitionThenObservationRuntime} backed by one isolated-vm isolate that holds
 * one loaded component (see `createRulesSandbox`). Each hook call is one synchronous round
 * trip: the inputs go in as JSON text, the isolate runs the hook under its CPU-time budget
 * (`timeoutMs`, checked inside, see `isolate-code/budget.ts`) and the wall-clock backstop
 * (`wallTimeoutMs`, isolated-vm's `timeout`) and returns one JSON string, which is parsed
 * and validated here. Every failure
 * is a {@link HookFailure}; after the isolate runs out of memory, or after `dispose()`,
 * every call returns the same fatal failure. The methods return already-resolved promises.
 *
 * `modifyTransitionThenFilterObservation` runs both hooks in one round trip, each on its
 * own copy of its inputs, exactly as two calls would: `filterObservation` runs only when
 * `modifyTransition` succeeded with a patch the host accepts, and sees the patched
 * observation and the memory `modifyTransition` left. When that call times out, the
 * isolate is asked how far it got: `modifyTransition` unfinished is its timeout; finished,
 * its answer is used and the layer calls `filterObservation` itself with a full timeout.
 * The one difference from two calls: when the isolate runs out of memory in that call, the
 * fatal `memory` failure is reported for `modifyTransition`.
 */
export class SandboxRulesRuntime implements TransitionThenObservationRuntime {
  readonly hooks: ComponentHooks;
  readonly usesState: boolean;
  readonly #isolate: ivm.Isolate;
  readonly #api: RulesSandboxApi;
  readonly #options: ResolvedRulesSandboxOptions;
  #dead: HookFailure | undefined;

  /** Wrap a loaded isolate and its sandbox API. Use `createRulesSandbox`. */
  constructor(
    isolate: ivm.Isolate,
    api: RulesSandboxApi,
    hooks: ComponentHooks,
    usesState: boolean,
    options: ResolvedRulesSandboxOptions,
  ) {
    this.#isolate = isolate;
    this.#api = api;
    this.hooks = hooks;
    this.usesState = usesState;
    this.#options = options;
  }

  filterAction(action: Action, context: HookContextInput): Promise<HookResult<FilterActionDecision>> {
    const pass: FilterActionDecision = { kind: "pass" };
    return Promise.resolve(
      this.#run(FILTER_ACTION, this.hooks.filterAction, [action], context, pass, (answer) =>
        decodeFilterAction(answer.value, answer.present, action),
      ),
    );
  }

  modifyTransition(
    action: Action,
    transition: TransitionInput,
    context: HookContextInput,
  ): Promise<HookResult<TransitionPatch>> {
    return Promise.resolve(this.#modifyTransition(action, transition, context));
  }

  filterObservation(observation: Observation, context: HookContextInput): Promise<HookResult<Observation>> {
    return Promise.resolve(this.#filterObservation(observation, context));
  }

  modifyTransitionThenFilterObservation(
    action: Action,
    transition: TransitionInput,
    context: HookContextInput,
  ): Promise<TransitionThenObservationResult> {
    return Promise.resolve(this.#transitionThenObservation(action, transition, context));
  }

  /** Free the isolate. Idempotent; later calls return a fatal `disposed` failure. */
  dispose(): void {
    if (this.#dead?.code !== "memory") {
      this.#dead = { ok: false, code: "disposed", message: "the Rules component was disposed", fatal: true };
    }
    if (!this.#isolate.isDisposed) this.#isolate.dispose();
  }

  #modifyTransition(
    action: Action,
    transition: TransitionInput,
    context: HookContextInput,
  ): HookResult<TransitionPatch> {
    const subjects = [action, transition as unknown as Json];
    return this.#run(MODIFY_TRANSITION, this.hooks.modifyTransition, subjects, context, {}, (answer) =>
      this.#decodePatch(answer, transition),
    );
  }

  #filterObservation(observation: Observation, context: HookContextInput): HookResult<Observation> {
    return this.#run(FILTER_OBSERVATION, this.hooks.filterObservation, [observation], context, observation, (answer) =>
      decodeObservation(answer.value, answer.present, observation),
    );
  }

  #decodePatch(answer: RawHookSuccess, transition: TransitionInput): DecodedHookValue<TransitionPatch> {
    return decodeTransitionPatch(answer.value, answer.present, transition);
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
    return raw.ok ? this.#decoded(raw, decode) : raw;
  }

  #decoded<T>(raw: RawHookSuccess, decode: (answer: RawHookSuccess) => DecodedHookValue<T>): HookResult<T> {
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
      countIsolateCrossing();
      answer = this.#api.call.applySync(undefined, [hook, input], { timeout: this.#options.wallTimeoutMs });
    } catch (error) {
      return this.#failure(error);
    }
    const parsed = parseSandboxAnswer(answer, answerLimit);
    return parsed.ok ? readHookAnswer(parsed.parsed) : parsed;
  }

  /** Both hooks in one round trip when both exist and the observation is an object; else `modifyTransition` alone. */
  #transitionThenObservation(
    action: Action,
    transition: TransitionInput,
    context: HookContextInput,
  ): TransitionThenObservationResult {
    const { observation } = transition;
    if (
      this.#dead ||
      !this.hooks.modifyTransition ||
      !this.hooks.filterObservation ||
      typeof observation !== "object" ||
      observation === null
    ) {
      return { transition: this.#modifyTransition(action, transition, context) };
    }
    // The observation and state go as their own JSON, so the isolate can give each hook its own copy.
    const input = JSON.stringify({
      arguments: [action, { ...transition, observation: 0 }],
      state: 0,
      memory: context.memory,
      turn: context.turn,
      seed: context.seed,
    });
    let answer: unknown;
    try {
      countIsolateCrossing();
      answer = this.#api.callTransitionThenObservation.applySync(
        undefined,
        [input, JSON.stringify(observation), JSON.stringify(context.state)],
        { timeout: 2 * this.#options.wallTimeoutMs },
      );
    } catch (error) {
      return { transition: this.#interruptedTransition(error, action, transition, context) };
    }
    const parsed = parseSandboxAnswer(answer, 2 * answerLimit + 3);
    if (!parsed.ok) return { transition: parsed };
    const answers = parsed.parsed;
    if (!Array.isArray(answers) || answers.length < 1 || answers.length > 2) {
      return {
        transition: {
          ok: false,
          code: "bad-output",
          message: "the sandbox gave an answer of the wrong shape",
          fatal: false,
        },
      };
    }
    const first = readHookAnswer(answers[0]);
    const patched = first.ok ? this.#decoded(first, (raw) => this.#decodePatch(raw, transition)) : first;
    if (!patched.ok || answers.length === 1) return { transition: patched };
    // filterObservation saw exactly this observation: the same patch applied the same way.
    const next = applyTransitionPatch(observation, patched.value);
    const second = readHookAnswer(answers[1]);
    const filtered = second.ok
      ? this.#decoded(second, (raw) => decodeObservation(raw.value, raw.present, next))
      : second;
    return { transition: patched, observation: filtered };
  }

  /**
   * `modifyTransition`'s result when the two-hook call threw: after a timeout, the answer
   * `modifyTransition` had finished (the layer then calls `filterObservation` itself), its
   * timeout when it had not, or a call of its own when both had finished (the time went to
   * work queued after them, which a call of its own attributes exactly).
   */
  #interruptedTransition(
    error: unknown,
    action: Action,
    transition: TransitionInput,
    context: HookContextInput,
  ): HookResult<TransitionPatch> {
    const failure = this.#failure(error, "modifyTransition or the filterObservation run right after it");
    if (failure.code !== "timeout") return failure;
    let progress: unknown;
    try {
      countIsolateCrossing();
      progress = this.#api.progress.applySync(undefined, [], { timeout: this.#options.timeoutMs });
    } catch (progressError) {
      return this.#failure(progressError);
    }
    if (progress === "") return failure;
    if (progress === "done") return this.#modifyTransition(action, transition, context);
    const parsed = parseSandboxAnswer(progress, answerLimit);
    if (!parsed.ok) return parsed;
    const raw = readHookAnswer(parsed.parsed);
    return raw.ok ? this.#decoded(raw, (answer) => this.#decodePatch(answer, transition)) : raw;
  }

  /** The failure of a thrown isolate call; `what` names the code that ran out of memory, if it did. */
  #failure(error: unknown, what = "the component"): HookFailure {
    const failure = classifyIsolateFailure(error, this.#isolate);
    if (failure.kind === "memory") {
      this.#dead = {
        ok: false,
        code: "memory",
        message: `${what} ran out of memory (limit ${this.#options.memoryLimitMb} MB); its sandbox was discarded`,
        fatal: true,
      };
      return this.#dead;
    }
    if (failure.kind === "timeout") {
      return {
        ok: false,
        code: "timeout",
        message: `the hook ran longer than its wall-clock limit of ${this.#options.wallTimeoutMs} ms and was stopped`,
        fatal: false,
      };
    }
    return { ok: false, code: "threw", message: failure.message, fatal: false };
  }
}
