import { resolveEnv } from "../bridges/env-registry.js";
import type { BuildStackDependencies } from "../harness/build-stack.js";
import { PRODUCT_SANDBOX_OPTIONS } from "./product-sandbox-options.js";

/** How the product builds stacks beyond the defaults. */
export interface ProductStackOptions {
  /**
   * Run each Rules group in a worker thread of its own (see `loadRulesGroupInWorker`), so a
   * hook that loops holds its own stack only, not the process's event loop: for servers of
   * many sessions (`envrigger serve`). Default false (one run's groups stay on its thread).
   */
  rulesGroupsInWorkers?: boolean;
}

/**
 * How stacks are built everywhere in the product: registry envs, sandboxed Rules loaded
 * with {@link PRODUCT_SANDBOX_OPTIONS} (limits that machine load cannot trip); consecutive
 * Rules layers share one isolate and cross into it once per hook phase. The component
 * loader (the TypeScript compiler, isolated-vm) is imported when a stack first has a Rules
 * layer, so commands that run bare envs never load it.
 */
export function productStackDependencies(cwd?: string, options: ProductStackOptions = {}): BuildStackDependencies {
  return {
    resolveEnv: (id) => resolveEnv(id, cwd),
    loadRules: async (source) =>
      (await import("../sandbox/rules/component-loader.js")).loadRulesComponent(source, PRODUCT_SANDBOX_OPTIONS),
    loadRulesGroup: options.rulesGroupsInWorkers
      ? async (sources) =>
          (await import("../sandbox/rules/worker/load-rules-group-in-worker.js")).loadRulesGroupInWorker(
            sources,
            PRODUCT_SANDBOX_OPTIONS,
          )
      : async (sources) =>
          (await import("../sandbox/rules/component-loader.js")).loadRulesGroup(sources, PRODUCT_SANDBOX_OPTIONS),
  };
}
