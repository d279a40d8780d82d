import type ivm from "isolated-vm";
import { isolatedVm } from "../isolate/load-isolated-vm.js";
import { threadCpuMilliseconds } from "../isolate/thread-cpu-clock.js";
import { bootstrapFunction } from "./bootstrap-function.js";

/**
 * Give the bootstrap of an isolate (its frozen API object, see `rulesBootstrapScript`) its
 * per-hook CPU-time budget and its clock: a host callback answering
 * {@link threadCpuMilliseconds}, kept in the bootstrap's closure (component code cannot
 * reach it; it only answers a number). The bootstrap reads it only for a hook that ran
 * longer than its budget on the wall clock, and to refresh its reference reading at most
 * once per tenth of the budget of wall time (see `isolate-code/budget.ts`).
 */
export function configureHookBudget(bootstrapApi: ivm.Reference, budgetMs: number): void {
  const configure: ivm.Reference = bootstrapFunction(bootstrapApi, "configureBudget");
  configure.applySync(undefined, [budgetMs, new (isolatedVm().Callback)(() => threadCpuMilliseconds())]);
  configure.release();
}
