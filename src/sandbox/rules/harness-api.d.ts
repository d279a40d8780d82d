/**
 * The harness API of envrigger Rules components.
 *
 * A Rules component is one TypeScript file whose only export is
 * `export default defineRules({ ... })` with up to three hooks (at least one).
 * Everything declared here is available without an import; nothing else is: no imports,
 * no host objects (`process`, `globalThis`, `require`, timers, `console`), no code from
 * strings (`eval`, `Function`), no reflection (`Reflect`, `Proxy`, `.constructor`,
 * `.prototype`, `__proto__`), no clocks or ambient randomness (`Date`, `Intl`,
 * `Math.random`; use `context.random()`), no async code, no classes, no `this`.
 * The ordinary ES2022 library for data work is there: `Math`, `JSON`, `Object`, `Array`,
 * `String`, `Number`, `Map`, `Set`, `RegExp`, errors.
 *
 * Hooks run synchronously in a sandbox with a time and memory limit, and must be
 * deterministic functions of their inputs. Module-level `let`/`var` are refused and
 * module-level constants are frozen: keep per-episode state in `context.memory`.
 * A hook returning `undefined` changes nothing.
 */

/** Any JSON value. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** A JSON object. */
export type JsonObject = { [key: string]: Json };

/** A JSON value that cannot be changed (read-only all the way down). */
export type ReadonlyJson =
  | string
  | number
  | boolean
  | null
  | readonly ReadonlyJson[]
  | { readonly [key: string]: ReadonlyJson };

/** A JSON object that cannot be changed (read-only all the way down). */
export type ReadonlyJsonObject = { readonly [key: string]: ReadonlyJson };

/** A tool call: the tool's name and its JSON arguments. */
export interface Action {
  name: string;
  args: JsonObject;
}

/** What the agent sees: text, and optionally structured data. */
export interface Observation {
  text: string;
  data?: JsonObject;
}

/** What every hook receives besides its subject. */
export interface HookContext {
  /** The environment's state view: a read-only copy (see the environment's state schema). */
  readonly state: ReadonlyJsonObject;
  /**
   * Per-episode memory, empty at the start of an episode. Change it in place (or assign a
   * new object); the next hook call of the episode sees the change. At most 64 KiB as JSON.
   */
  memory: JsonObject;
  /** The 0-based turn of the policy's step. */
  readonly turn: number;
  /** The episode seed. */
  readonly seed: number;
  /**
   * A deterministic random number in [0, 1), seeded from (seed, turn, hook): the same
   * episode, turn and hook give the same sequence of numbers.
   */
  readonly random: () => number;
}

/** The environment's answer to an action, as `modifyTransition` sees it (read-only). */
export interface Transition {
  readonly observation: { readonly text: string; readonly data?: ReadonlyJsonObject };
  readonly reward: number;
  readonly terminated: boolean;
  readonly truncated: boolean;
  readonly info: ReadonlyJsonObject;
}

/**
 * What `modifyTransition` may change. `text` and `data` replace the observation's text and
 * data; `truncated: true` ends the episode from outside. Reward, `terminated` and `info`
 * belong to the environment and its verifier: they cannot be changed.
 */
export interface TransitionPatch {
  text?: string;
  data?: JsonObject;
  truncated?: boolean;
}

/** `filterAction`'s refusal: the action never reaches the environment; `block` is the reason shown. */
export interface BlockAction {
  block: string;
}

/** What `filterAction` returns: the action to send (possibly rewritten), a refusal, or `undefined` (unchanged). */
export type FilterActionResult = Action | BlockAction | undefined | void;

/** What `modifyTransition` returns: a patch, or `undefined` (unchanged). */
export type ModifyTransitionResult = TransitionPatch | undefined | void;

/** What `filterObservation` returns: the observation to show, or `undefined` (unchanged). */
export type FilterObservationResult = Observation | undefined | void;

/** The hooks of a Rules component; each is optional, at least one is required. */
export interface Rules {
  /** Sees each action before the environment does: pass, rewrite or block it. */
  filterAction?(action: Action, context: HookContext): FilterActionResult;
  /** Sees each action with the environment's answer: change the text/data or truncate. */
  modifyTransition?(action: Action, transition: Transition, context: HookContext): ModifyTransitionResult;
  /** Sees every observation before the agent does: rewrite, shorten or augment it. */
  filterObservation?(observation: Observation, context: HookContext): FilterObservationResult;
}

/** Declare the component: `export default defineRules({ ... })`. */
export declare function defineRules(rules: Rules): Rules;
