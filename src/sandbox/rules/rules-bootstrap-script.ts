import { rulesBootstrapCoreSource } from "../isolate/isolate-code.generated.js";
import { rulesBootstrapApi } from "./rules-bootstrap-api.js";
import { rulesBootstrapGroup } from "./rules-bootstrap-group.js";
import { rulesBootstrapGroupInputs } from "./rules-bootstrap-group-inputs.js";
import { rulesSandboxLimits } from "./rules-sandbox-options.js";

/**
 * JavaScript evaluated first in every Rules isolate, before any component code exists
 * there. Its completion value is the frozen sandbox API
 * `{ load, call, callTransitionThenObservation, progress }`:
 *
 * - `load(factory)` runs the component factory made by `transpileComponent` once (passing
 *   the deep-freeze function), checks the exported object (only the three hooks, each a
 *   function), keeps the hooks and freezes them; returns JSON `{ok:true, hooks:[bool×3]}`
 *   or `{ok:false, code, message}`.
 * - `call(hook, inputText)` runs hook number `hook` (0 filterAction, 1 modifyTransition,
 *   2 filterObservation) on the JSON input `{arguments, state, memory, turn, seed}` with a
 *   fresh context, and returns JSON `{ok:true, memory, value?}` (`value` absent when the
 *   hook returned `undefined`) or `{ok:false, code, message}` with code `threw`,
 *   `bad-output` or `memory-too-large`. Results are checked to be strict JSON inside the
 *   isolate (no functions, symbols, BigInt, NaN/Infinity, `undefined` in arrays, cycles,
 *   Map/Set/class instances, Promises) with a size budget checked before serialising, so
 *   a huge value is refused without being built or copied out.
 * - `callTransitionThenObservation(inputText, observationText, stateText)` runs hook 1 and
 *   then, when its patch is one the host accepts, hook 2 on the patched observation with
 *   the memory hook 1 left, each on its own copy of the inputs; answers a JSON array of
 *   one or two such answers. `progress()` says how far it got (read after a timeout).
 *
 * - `loadMember`, `configureGroup`, `filterActions`, `transitions`, `observations`,
 *   `groupProgress` and `memberMemory` run several components in this one isolate, one
 *   call per hook phase (see `rulesBootstrapGroup`).
 *
 * - `configureBudget(budgetMs, cpuNow)` sets the per-hook CPU-time budget (see
 *   `isolate-code/budget.ts`); a hook over its budget answers `timeout`.
 *
 * It is assembled from this prelude (limits and private references to every intrinsic the
 * string parts use, taken before anything can change them), the typed part (the modules
 * under `isolate-code/`, bundled at build time into `rulesBootstrapCoreSource`, see
 * `scripts/generate-sandbox-code.ts`: its own private references, then, when called, the
 * lockdown of `lockdown.ts` — guards, removals, blocked code generation, `defineRules` —
 * and the parts it answers: `harden`, `createRandom`, the serializer and the budget) and
 * three string parts: `rulesBootstrapApi`, `rulesBootstrapGroupInputs` and
 * `rulesBootstrapGroup`.
 * Last, every intrinsic reachable from the global object or from the hidden intrinsics
 * (iterator and generator prototypes), and the global object itself, is deep-frozen, so
 * prototype tampering by component code fails.
 */
export function rulesBootstrapScript(): string {
  const { elements, memoryCharacters, outputCharacters, textCharacters } = rulesSandboxLimits;
  return `"use strict";
(() => {
  const elementLimit = ${elements};
  const memoryLimit = ${memoryCharacters};
  const outputLimit = ${outputCharacters};
  const textLimit = ${textCharacters};
  const hookNames = ["filterAction", "modifyTransition", "filterObservation"];

  const global = globalThis;
  const freeze = Object.freeze;
  const getPrototypeOf = Object.getPrototypeOf;
  const getOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
  const defineProperty = Object.defineProperty;
  const apply = Reflect.apply;
  const ownKeys = Reflect.ownKeys;
  const isArray = Array.isArray;
  const stringify = JSON.stringify;
  const parse = JSON.parse;
  const objectPrototype = Object.prototype;
  const objectKeys = Object.keys;
  const toText = String;
  const stringSlice = String.prototype.slice;
  // Used by the group part only, never handed to component code.
  const atomicsStore = Atomics.store;
  const Int32ArrayConstructor = Int32Array;
  const Float64ArrayConstructor = Float64Array;

  // The typed part (lockdown, random, serializer, budget): evaluating it takes its own
  // private references; calling it locks the isolate down.
  const {
    harden,
    hiddenIntrinsics,
    createRandom,
    failure,
    describeError,
    serialize,
    serializationFailure,
    configureBudget,
    callStarted,
    hookStarted,
    overCpuBudget,
    overBudgetFailure,
  } = ${rulesBootstrapCoreSource}(elementLimit);
${rulesBootstrapApi}
${rulesBootstrapGroupInputs}
${rulesBootstrapGroup}
  // Freeze every intrinsic (and the global object) only now, after all of the above.
  harden([global, hiddenIntrinsics]);
  return freeze({ load, call, callTransitionThenObservation, progress, configureBudget, loadMember, configureGroup, filterActions, transitions, observations, groupProgress, memberMemory });
})();
`;
}
