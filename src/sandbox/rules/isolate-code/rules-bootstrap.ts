import { configureBudget } from "./budget.js";
import { call, callTransitionThenObservation, load, progress } from "./component-api.js";
import {
  configureGroup,
  filterActions,
  groupProgress,
  loadMember,
  memberMemory,
  observations,
  restoreMembers,
  saveMembers,
  transitions,
} from "./group.js";
import { freeze, global, hiddenIntrinsics } from "./intrinsics.js";
import { harden, lockDown } from "./lockdown.js";

/*
 * In-isolate code: the entry of the Rules bootstrap, bundled with the modules it imports
 * into `rulesBootstrapSource` by scripts/generate-sandbox-code.ts and evaluated first in
 * every Rules isolate, before any component code exists there (see `rulesBootstrapScript`).
 * Evaluating the bundle takes the private references to every intrinsic the bootstrap uses
 * (`intrinsics.ts`) and defines the parts; calling the function it answers locks the
 * isolate down and answers the sandbox API.
 */

/**
 * Lock the isolate down (`lockDown`: guards, removals, blocked code generation,
 * `defineRules`), then deep-freeze every intrinsic reachable from the global object or
 * from the hidden intrinsics (iterator and generator prototypes), and the global object
 * itself, so prototype tampering by component code fails. Answers the frozen sandbox API:
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
 *   a huge value is refused without being built or copied out (see `serializer.ts`).
 * - `callTransitionThenObservation(inputText, observationText, stateText)` runs hook 1 and
 *   then, when its patch is one the host accepts, hook 2 on the patched observation with
 *   the memory hook 1 left, each on its own copy of the inputs; answers a JSON array of
 *   one or two such answers. `progress()` says how far it got (read after a timeout).
 * - `loadMember`, `configureGroup`, `filterActions`, `transitions`, `observations`,
 *   `groupProgress`, `memberMemory`, `saveMembers` and `restoreMembers` run several components in this one isolate, one
 *   call per hook phase (see `group.ts`).
 * - `configureBudget(budgetMs, cpuNow)` sets the per-hook CPU-time budget (see
 *   `budget.ts`); a hook over its budget answers `timeout`.
 */
export default function rulesBootstrap() {
  lockDown();
  // Freeze every intrinsic (and the global object) only now, after all of the above.
  harden([global, hiddenIntrinsics]);
  return freeze({
    load,
    call,
    callTransitionThenObservation,
    progress,
    configureBudget,
    loadMember,
    configureGroup,
    filterActions,
    transitions,
    observations,
    groupProgress,
    memberMemory,
    saveMembers,
    restoreMembers,
  });
}
