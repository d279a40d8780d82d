import { resolveEnv } from "./env-registry.js";
import type { BuildStackDependencies } from "../harness/build-stack.js";
import { PRODUCT_SANDBOX_OPTIONS } from "../sandbox/rules/product-sandbox-options.js";

/**
 * How stacks are built everywhere in the product: registry envs, sandboxed Rules loaded
 * with {@link PRODUCT_SANDBOX_OPTIONS} (limits that machine load cannot trip); consecutive
 * Rules layers share one isolate and cross into it once per hook phase. The component
 * loader (the TypeScript compiler, isolated-vm) is imported when a stack first has a Rules
 * layer, so commands that run bare envs never load it.
 */
export function productStackDependencies(cwd?: string): BuildStackDependencies {
  return {
    resolveEnv: (id) => resolveEnv(id, cwd),
    loadRules: async (source) =>
      (await import("../sandbox/rules/component-loader.js")).loadRulesComponent(source, PRODUCT_SANDBOX_OPTIONS),
    loadRulesGroup: async (sources) =>
      (await import("../sandbox/rules/component-loader.js")).loadRulesGroup(sources, PRODUCT_SANDBOX_OPTIONS),
  };
}
