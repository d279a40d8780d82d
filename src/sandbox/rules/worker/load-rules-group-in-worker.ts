import { startSiblingWorker } from "../../../core/sibling-worker.js";
import { type LoadedRulesGroup, prepareGroupComponents, type RejectedRulesGroup } from "../component-loader.js";
import type { RulesSandboxOptions } from "../rules-sandbox-options.js";
import type { RulesGroupWorkerData, RulesGroupWorkerLoaded } from "./rules-group-worker-messages.js";
import { WorkerRulesGroup } from "./worker-rules-group.js";
import { EnvriggerError } from "../../../core/errors.js";

/**
 * `loadRulesGroup` with the group's isolate in a worker thread of its own (one per loaded
 * group, so one per served session's stack): the sources are checked and transpiled here,
 * exactly as by `loadRulesGroup` (cached per source), and the isolate is created, loaded
 * and called in the worker (see `WorkerRulesGroup`). A hook that loops then holds its own
 * worker up to its wall-clock backstop, never this thread's event loop: other groups' calls
 * go on. Each call costs a message round trip, so this is for servers of many sessions
 * (`envrigger serve`); a single run keeps its groups on its own thread. The worker does not
 * keep the process alive and ends when every member is disposed.
 */
export async function loadRulesGroupInWorker(
  sources: readonly string[],
  options: RulesSandboxOptions = {},
): Promise<LoadedRulesGroup | RejectedRulesGroup> {
  const components = prepareGroupComponents(sources);
  if (!Array.isArray(components)) return components;
  const data: RulesGroupWorkerData = { components, options };
  const worker = startSiblingWorker(import.meta.url, "./rules-group-worker-entry", data);
  worker.unref();
  const loaded = await new Promise<RulesGroupWorkerLoaded>((resolve, reject) => {
    const exited = (code: number) =>
      reject(new EnvriggerError("SANDBOX", `the Rules group worker exited (code ${code}) before loading`));
    worker.once("exit", exited);
    worker.once("error", (error) =>
      reject(new EnvriggerError("SANDBOX", "the Rules group worker failed to load", { cause: error })),
    );
    worker.once("message", (message: RulesGroupWorkerLoaded) => {
      worker.off("exit", exited);
      resolve(message);
    });
  });
  if (!loaded.ok) return { ok: false, index: loaded.index, issues: loaded.issues };
  return { ok: true, group: new WorkerRulesGroup(worker, loaded.members) };
}
