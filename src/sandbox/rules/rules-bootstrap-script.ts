import { rulesBootstrapSource } from "../isolate/isolate-code.generated.js";

/**
 * JavaScript evaluated first in every Rules isolate, before any component code exists
 * there: the bundled in-isolate code (`isolate-code/rules-bootstrap.ts` and the modules it
 * imports, see `scripts/generate-sandbox-code.ts`), called at once in strict mode. Its
 * completion value is the frozen sandbox API `{ load, call, callTransitionThenObservation,
 * progress, configureBudget, loadMember, configureGroup, filterActions, transitions,
 * observations, groupProgress, memberMemory, saveMembers, restoreMembers }` (see `rulesBootstrap` there).
 */
export function rulesBootstrapScript(): string {
  return `"use strict";\n${rulesBootstrapSource}();\n`;
}
