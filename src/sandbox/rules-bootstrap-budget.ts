/**
 * The CPU-time budget part of the Rules bootstrap (see `rulesBootstrapScript`): every hook
 * may use `hookBudgetMs` of the isolate's CPU time, however long the wall clock runs (a
 * loaded machine stretches wall time, not CPU time).
 *
 * - `configureBudget(budgetMs, cpuNow)` sets the budget and the host callback that answers
 *   the isolate's CPU time so far in ms (isolated-vm's `isolate.cpuTime`, which counts the
 *   thread's CPU time only while the isolate runs; the callback's own time is not counted).
 *   The callback is kept in this closure: component code never sees it, and all it can do
 *   is answer a number.
 * - `hookStarted()` → the start time; `overCpuBudget(token)` → true when the hook that ran since
 *   used more than the budget.
 *
 * The fast path reads no CPU clock: a hook whose wall time stayed under the budget cannot
 * have used more CPU time than that. Only a hook that ran that long on the wall clock asks
 * the host for the CPU time, measured from the last reading, which is refreshed at a hook's
 * start whenever the millisecond tick changed since (about once per millisecond of calls,
 * ~3 µs each time): as the isolate's CPU clock only runs while the isolate does, a hook is
 * charged at most the isolate's CPU time of the last millisecond before it besides its own. A hook that never returns is stopped by
 * the host's wall-clock backstop (isolated-vm's `timeout`), a much larger limit.
 */
export const rulesBootstrapBudget: string = `
  // --- CPU-time budget per hook.
  let hookBudgetMs = 0;
  let cpuNow = undefined;
  let cpuMark = 0;
  let wallMark = -1;
  const configureBudget = (budgetMs, cpuNowCallback) => {
    hookBudgetMs = budgetMs;
    cpuNow = cpuNowCallback;
  };
  const readCpu = () => {
    const value = cpuNow === undefined ? 0 : cpuNow();
    return typeof value === "number" ? value : 0;
  };
  const hookStarted = () => {
    const started = now();
    if (started !== wallMark && cpuNow !== undefined) {
      cpuMark = readCpu();
      wallMark = started;
    }
    return started;
  };
  const overCpuBudget = (started) => {
    // Date.now counts whole ms: a wall time of at most budget - 1 ticks is under the budget.
    if (now() - started < hookBudgetMs || cpuNow === undefined) return false;
    const cpu = readCpu();
    const used = cpu - cpuMark;
    cpuMark = cpu;
    wallMark = now();
    return used > hookBudgetMs;
  };
  const overBudgetFailure = () => failure("timeout", "the hook used more than " + hookBudgetMs + " ms of CPU time");
`;
