import type { Action } from "../core/action.js";
import { errorMessage } from "../core/errors.js";
import type { Observation } from "../core/observation.js";
import { createRng, deriveSeed } from "../core/seeding.js";
import type {
  FilterActionDecision,
  HookContextInput,
  HookResult,
  RulesRuntime,
  TransitionInput,
  TransitionPatch,
} from "../harness/rules-runtime.js";

/** What a hook function receives as `ctx`: copies, plus a seeded `random()`. */
export interface FunctionRulesContext extends HookContextInput {
  /** A float in [0, 1), seeded from (seed, turn, hook name). */
  random(): number;
}

/** Rules hooks as plain functions (each optional, like a component's exports). */
export interface FunctionRulesHooks {
  filterAction?(action: Action, context: FunctionRulesContext): FilterActionDecision;
  modifyTransition?(action: Action, transition: TransitionInput, context: FunctionRulesContext): TransitionPatch;
  filterObservation?(observation: Observation, context: FunctionRulesContext): Observation;
}

/** Options of {@link FunctionRulesRuntime}. */
export interface FunctionRulesRuntimeOptions {
  /** Whether hooks read `ctx.state` (default true). */
  usesState?: boolean;
}

/**
 * A {@link RulesRuntime} built from plain JS functions, without a sandbox, for tests that
 * do not need isolates. Same semantics as the sandboxed runtime: arguments and context are
 * deep copies, the hook may change `ctx.memory` (the value after the call is returned), the
 * output is a deep copy, and a hook that throws yields `{ ok: false, code: "threw" }`.
 * Outputs are not validated here: the Rules layer checks every output itself. After
 * `dispose()` every call fails with a fatal `disposed` failure. It counts its calls.
 */
export class FunctionRulesRuntime implements RulesRuntime {
  readonly hooks: RulesRuntime["hooks"];
  readonly usesState: boolean;
  /** How many times each hook was called. */
  readonly calls = { filterAction: 0, modifyTransition: 0, filterObservation: 0 };
  private disposed = false;

  constructor(
    private readonly functions: FunctionRulesHooks,
    options: FunctionRulesRuntimeOptions = {},
  ) {
    this.hooks = {
      filterAction: functions.filterAction !== undefined,
      modifyTransition: functions.modifyTransition !== undefined,
      filterObservation: functions.filterObservation !== undefined,
    };
    this.usesState = options.usesState ?? true;
  }

  /** Whether `dispose()` was called. */
  get isDisposed(): boolean {
    return this.disposed;
  }

  private async run<T>(
    hook: keyof FunctionRulesHooks,
    input: HookContextInput,
    call: (context: FunctionRulesContext) => T,
  ): Promise<HookResult<T>> {
    if (this.disposed) return { ok: false, code: "disposed", message: "the runtime was disposed", fatal: true };
    this.calls[hook] += 1;
    const rng = createRng(deriveSeed(input.seed, input.turn, hook));
    const context: FunctionRulesContext = { ...structuredClone(input), random: () => rng.next() };
    try {
      const value = call(context);
      return { ok: true, value: structuredClone(value), memory: structuredClone(context.memory) };
    } catch (error) {
      return { ok: false, code: "threw", message: errorMessage(error), fatal: false };
    }
  }

  async filterAction(action: Action, context: HookContextInput): Promise<HookResult<FilterActionDecision>> {
    const hook = this.functions.filterAction;
    return this.run("filterAction", context, (copy) => (hook ? hook(structuredClone(action), copy) : { kind: "pass" }));
  }

  async modifyTransition(
    action: Action,
    transition: TransitionInput,
    context: HookContextInput,
  ): Promise<HookResult<TransitionPatch>> {
    const hook = this.functions.modifyTransition;
    return this.run("modifyTransition", context, (copy) =>
      hook ? hook(structuredClone(action), structuredClone(transition), copy) : {},
    );
  }

  async filterObservation(observation: Observation, context: HookContextInput): Promise<HookResult<Observation>> {
    const hook = this.functions.filterObservation;
    return this.run("filterObservation", context, (copy) =>
      hook ? hook(structuredClone(observation), copy) : structuredClone(observation),
    );
  }

  dispose(): void {
    this.disposed = true;
  }
}
