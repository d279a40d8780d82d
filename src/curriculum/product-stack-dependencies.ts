import { resolveEnv } from "../bridges/env-registry.js";
import type { BuildStackDependencies } from "../harness/build-stack.js";
import { loadRulesComponent, loadRulesGroup } from "../sandbox/component-loader.js";
import { PRODUCT_SANDBOX_OPTIONS } from "../sandbox/product-sandbox-options.js";

/**
 * How stacks are built everywhere in the product: registry envs, sandboxed Rules loaded
 * with {@link PRODUCT_SANDBOX_OPTIONS} (limits that machine load cannot trip); consecutive
 * Rules layers share one isolate and cross into it once per hook phase.
 */
export function productStackDependencies(cwd?: string): BuildStackDependencies {
  return {
    resolveEnv: (id) => resolveEnv(id, cwd),
    loadRules: async (source) => loadRulesComponent(source, PRODUCT_SANDBOX_OPTIONS),
    loadRulesGroup: async (sources) => loadRulesGroup(sources, PRODUCT_SANDBOX_OPTIONS),
  };
}
