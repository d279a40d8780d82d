import ivm from "isolated-vm";

/**
 * The isolate's CPU time so far, in ms: isolated-vm's `isolate.cpuTime`, which counts the
 * CPU time of the thread while it runs this isolate (on Linux, `CLOCK_THREAD_CPUTIME_ID`),
 * not the time it waits for a core. Read outside a call, or from a host callback during
 * one (the callback's own time is not counted).
 */
export function isolateCpuMilliseconds(isolate: ivm.Isolate): number {
  return Number(isolate.cpuTime) / 1e6;
}

/**
 * Give the bootstrap of `isolate` (its frozen API object, see `rulesBootstrapScript`) its
 * per-hook CPU-time budget and its clock: a host callback answering
 * {@link isolateCpuMilliseconds}, kept in the bootstrap's closure (component code cannot
 * reach it; it only answers a number). The bootstrap reads it only for a hook that ran
 * longer than its budget on the wall clock (see `rulesBootstrapBudget`).
 */
export function configureHookBudget(isolate: ivm.Isolate, bootstrapApi: ivm.Reference, budgetMs: number): void {
  const configure: ivm.Reference = bootstrapApi.getSync("configureBudget", { reference: true });
  configure.applySync(undefined, [budgetMs, new ivm.Callback(() => (isolate.isDisposed ? 0 : isolateCpuMilliseconds(isolate)))]);
  configure.release();
}
