import { now } from "./intrinsics.js";
import { failure } from "./serializer.js";

/*
 * In-isolate code: the CPU-time budget part of the Rules bootstrap (see `rules-bootstrap.ts`): every hook
 * may use `hookBudgetMs` of CPU time, however long the wall clock runs (a loaded machine
 * stretches wall time, not the work a hook does).
 *
 * - `configureBudget(budgetMs, cpuNow)` sets the budget and the host callback that answers
 *   the thread's CPU time in ms (see `threadCpuMilliseconds`; the isolate runs on that
 *   thread). The callback is kept in this closure: component code never sees it, and all it
 *   can do is answer a number.
 * - `callStarted()` at the start of a call; `hookStarted()` → the start time;
 *   `overCpuBudget(started)` → true when the hook that ran since used more than the budget.
 *
 * The fast path reads no CPU clock: a hook whose wall time stayed under the budget cannot
 * have used more CPU time than that. Only a hook that ran that long on the wall clock asks
 * the host for the CPU time, measured from a reference reading taken at a hook's start
 * whenever a tenth of the budget of wall time passed since the last one (so the clock is
 * read at most once per tenth of the budget, however many hooks run). The thread's CPU
 * time between that reading and the hook's start is at most the wall time between them:
 * a hook is charged its own CPU time plus at most a tenth of the budget, so a hook within
 * 90% of its budget never fails. A hook that never returns is stopped by the host's
 * wall-clock backstop (isolated-vm's `timeout`), a much larger limit.
 */

// --- CPU-time budget per hook.
let hookBudgetMs = 0;
let refreshMs = 1;
let cpuNow: (() => unknown) | undefined;
let cpuMark = 0;
let wallMark = -1e15;
/** Set the per-hook CPU-time budget and the host's reading of the thread's CPU time. */
export const configureBudget = (budgetMs: number, cpuNowCallback: () => unknown): void => {
  hookBudgetMs = budgetMs;
  // Whole ms, at most a tenth of the budget (Date.now counts whole ms).
  refreshMs = budgetMs >= 10 ? (budgetMs - (budgetMs % 10)) / 10 : 1;
  cpuNow = cpuNowCallback;
};
const readCpu = () => {
  const value = cpuNow === undefined ? 0 : cpuNow();
  return typeof value === "number" ? value : 0;
};
// The wall clock at the end of the last hook, or at the start of the call: a hook's start
// (one clock read per hook; the bootstrap's own work in between is charged to the hook's
// wall time, which only makes the fast path more cautious).
let lastTick = 0;
/** A call starts. */
export const callStarted = (): void => {
  lastTick = now();
};
/** A hook starts: its start time (wall clock, ms). */
export const hookStarted = (): number => {
  const started = lastTick;
  if (started - wallMark < refreshMs || cpuNow === undefined) return started;
  cpuMark = readCpu();
  wallMark = started;
  lastTick = now();
  return lastTick;
};
/** Whether the hook that started at `started` used more than its budget. */
export const overCpuBudget = (started: number): boolean => {
  const ended = now();
  lastTick = ended;
  // Date.now counts whole ms: a wall time of at most budget - 1 ticks is under the budget.
  if (ended - started < hookBudgetMs || cpuNow === undefined) return false;
  const cpu = readCpu();
  const used = cpu - cpuMark;
  cpuMark = cpu;
  wallMark = now();
  lastTick = wallMark;
  return used > hookBudgetMs;
};
/** The `timeout` failure answer. */
export const overBudgetFailure = (): string =>
  failure("timeout", "the hook used more than " + hookBudgetMs + " ms of CPU time");
