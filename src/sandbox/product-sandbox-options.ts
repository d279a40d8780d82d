import type { RulesSandboxOptions } from "./rules-sandbox-options.js";

/**
 * Sandbox options the product (rig runs, curricula, `measure`, the bench) loads and checks
 * Rules components with. A hook's limit is CPU time (1 s per hook here, 50 ms in the library
 * defaults), which a loaded machine does not stretch; its wall-clock backstop (5 s here, so
 * a hook that never returns stalls a process at most that long; 1 s in the library
 * defaults) only stops a hook that never returns — a sound hook uses milliseconds of CPU
 * time, far from 5 s of wall time even on a core shared many times over. Loading a module
 * is limited by wall time (2 s here, 500 ms by default), generous so that a busy core does
 * not fail a sound component. The memory limit is the library default.
 */
export const PRODUCT_SANDBOX_OPTIONS: Readonly<RulesSandboxOptions> = Object.freeze({ timeoutMs: 1_000, wallTimeoutMs: 5_000, loadTimeoutMs: 2_000 });
