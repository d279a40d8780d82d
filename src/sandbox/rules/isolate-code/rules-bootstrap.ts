import { configureBudget } from "./budget.js";
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
 * - `loadMember`, `configureGroup`, `filterActions`, `transitions`, `observations`,
 *   `groupProgress`, `memberMemory`, `saveMembers` and `restoreMembers` run one or more
 *   components (a Rules group; a single layer is a group of one) in this one isolate, one
 *   call per hook phase (see `group.ts`; each component is read by `readComponent`).
 * - `configureBudget(budgetMs, cpuNow)` sets the per-hook CPU-time budget (see
 *   `budget.ts`); a hook over its budget answers `timeout`.
 */
export default function rulesBootstrap() {
  lockDown();
  // Freeze every intrinsic (and the global object) only now, after all of the above.
  harden([global, hiddenIntrinsics]);
  return freeze({
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
