import type { RulesSandboxOptions } from "../sandbox/rules/rules-sandbox-options.js";

/**
 * Sandbox options the product (rig runs, curricula, `measure`, the bench) loads and checks
 * Rules components with. A hook's limit is CPU time (250 ms per hook here, 50 ms in the
 * library defaults), which a loaded machine does not stretch — a sound hook uses
 * milliseconds of CPU time; its wall-clock backstop (2.5 s here, ten times the budget, so a
 * hook that never returns holds its thread at most that long — in `envrigger serve`, where
 * each stack's Rules group has a worker thread, only its own session; 1 s in the library
 * defaults) only stops a hook that never returns. Loading a module
 * is limited by wall time (2 s here, 500 ms by default), generous so that a busy core does
 * not fail a sound component. The memory limit is the library default.
 */
export const PRODUCT_SANDBOX_OPTIONS: Readonly<RulesSandboxOptions> = Object.freeze({
  timeoutMs: 250,
  wallTimeoutMs: 2_500,
  loadTimeoutMs: 2_000,
});
