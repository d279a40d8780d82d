import { resolveEnv } from "../bridges/env-registry.js";
import type { BuildStackDependencies } from "../harness/build-stack.js";
import type { RulesGroupEngineOptions } from "../sandbox/rules/component-loader.js";
import { PRODUCT_SANDBOX_OPTIONS } from "./product-sandbox-options.js";

/** How the product builds stacks beyond the defaults. */
export interface ProductStackOptions {
  /**
   * Run each Rules group on a worker thread of the process's shared pool (see
   * `RulesGroupPool`), so a hook that loops holds a pool thread only, not the process's
   * event loop: for servers of many sessions (`envrigger serve`). Default false (one run's
   * groups stay on its thread).
   */
  rulesGroupsInWorkers?: boolean;
}

/**
 * How stacks are built everywhere in the product: registry envs, and every run of
 * consecutive Rules layers (one layer is a group of one) loaded by the one Rules group
 * engine (`loadRulesGroup`) with {@link PRODUCT_SANDBOX_OPTIONS} (limits that machine load
 * cannot trip), crossing into its isolate once per hook phase. The component loader (the
 * TypeScript compiler, isolated-vm) is imported when a stack first has a Rules layer, so
 * commands that run bare envs never load it.
 */
export function productStackDependencies(cwd?: string, options: ProductStackOptions = {}): BuildStackDependencies {
  const engine = async (): Promise<RulesGroupEngineOptions> =>
    options.rulesGroupsInWorkers
      ? {
          ...PRODUCT_SANDBOX_OPTIONS,
          workers: (await import("../sandbox/rules/worker/rules-group-pool.js")).sharedRulesGroupPool(),
        }
      : PRODUCT_SANDBOX_OPTIONS;
  return {
    resolveEnv: (id) => resolveEnv(id, cwd),
    loadRules: async (source) =>
      (await import("../sandbox/rules/component-loader.js")).loadRulesComponent(source, await engine()),
    loadRulesGroup: async (sources) =>
      (await import("../sandbox/rules/component-loader.js")).loadRulesGroup(sources, await engine()),
  };
}
