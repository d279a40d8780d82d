/*
 * The names of the three Rules hooks, in the order the sandbox numbers them, in a module
 * without dependencies: the in-isolate code is bundled with it, the host imports it
 * through `component-hooks.ts`.
 */

/** The names of the three Rules hooks, in the order the sandbox numbers them. */
export const hookNames = ["filterAction", "modifyTransition", "filterObservation"] as const;
