import type { RulesSandboxOptions } from "./rules-sandbox-options.js";

/**
 * Sandbox options the product (rig runs, curricula, `measure`, the bench) loads and checks
 * Rules components with. The library defaults (50 ms per hook call, 500 ms to load) suit a
 * quiet machine; on a loaded machine a garbage-collection pause or a busy core can push a
 * trivial hook past 50 ms, and the designer loop would then mark a sound candidate broken.
 * These limits are generous enough that only genuinely runaway code reaches them, and a
 * runaway hook or module is still stopped (`timeout`), just later. The memory limit is the
 * library default.
 */
export const PRODUCT_SANDBOX_OPTIONS: Readonly<RulesSandboxOptions> = Object.freeze({ timeoutMs: 1_000, loadTimeoutMs: 2_000 });
