import { type LoadedRulesGroup, prepareGroupComponents, type RejectedRulesGroup } from "../component-loader.js";
import type { RulesSandboxOptions } from "../rules-sandbox-options.js";
import { sharedRulesGroupPool, type RulesGroupPool } from "./rules-group-pool.js";

/**
 * `loadRulesGroup` with the group's isolate on a worker thread of a {@link RulesGroupPool}
 * (the process's shared pool unless one is given): the sources are checked and transpiled
 * here, exactly as by `loadRulesGroup` (cached per source), and the isolate is created,
 * loaded and called on a pool worker (see `WorkerRulesGroup`). A hook that loops then holds
 * a pool thread, never this thread's event loop, and the pool moves the other groups off
 * that thread. Each call costs a message round trip, so this is for servers of many
 * sessions (`envrigger serve`); a single run keeps its groups on its own thread. The pool's
 * threads do not keep the process alive.
 */
export async function loadRulesGroupInWorker(
  sources: readonly string[],
  options: RulesSandboxOptions = {},
  pool: RulesGroupPool = sharedRulesGroupPool(),
): Promise<LoadedRulesGroup | RejectedRulesGroup> {
  const components = prepareGroupComponents(sources);
  if (!Array.isArray(components)) return components;
  return pool.load(components, options);
}
