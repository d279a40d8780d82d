import { fork, type ChildProcess } from "node:child_process";
import { EnvriggerError, errorCodes, type ErrorCode } from "../core/errors.js";
import { siblingModule } from "../core/sibling-module.js";
import type { RigTaskResult } from "../rigger/rig-task.js";
import type { CurriculumWorkerInput } from "./curriculum-worker.js";
import type { ProcessUsage } from "./process-usage.js";
import type { CurriculumExecutor } from "../curriculum/run-curriculum.js";
import { AimGate } from "../curriculum/aim-gate.js";
import { rigOrNotRigged, type CurriculumTaskRun } from "../curriculum/not-rigged-task.js";
import type { RunBudget } from "../rigger/run-budget.js";
import { answerBudgetRequest, budgetRequestSchema, type BudgetRequest } from "./process-run-budget.js";

/** A message from a curriculum child process: a task's result or failure, and the process's usage so far. */
type ChildMessage =
  | BudgetRequest
  | (({ ready: true } | { ok: true; result: RigTaskResult } | { ok: false; error: string; code?: string }) & {
      usage: ProcessUsage;
    });

/** One child process that rigs tasks one at a time. */
class TaskProcess {
  private child: ChildProcess;
  private pending: { resolve: (result: RigTaskResult) => void; reject: (error: Error) => void } | null = null;
  /** What the process reported with its latest answer (zeros before the first). */
  usage: ProcessUsage = { maxRssKb: 0, cpuMs: 0, mainThreadCpuMs: null };
  /** What loading its modules cost the process (reported once, before its first task). */
  startUsage: ProcessUsage | null = null;
  /** The budget of the run whose task it rigs, which its budget requests draw on. */
  budget: RunBudget | undefined;

  constructor(entry: string, execArgv: string[]) {
    this.child = fork(entry, [], {
      execArgv,
      stdio: ["ignore", "ignore", "inherit", "ipc"],
      serialization: "advanced",
    });
    this.child.on("message", (message: ChildMessage) => {
      if ("budgetRequest" in message) {
        const request = budgetRequestSchema.parse(message);
        if (!this.budget)
          throw new EnvriggerError("INTERNAL", "a task process asked for a budget its run does not have");
        // A process that died meanwhile gets no answer (its task is retried in a fresh one).
        void answerBudgetRequest(this.budget, request).then((reply) => {
          if (this.child.connected) this.child.send(reply);
        });
        return;
      }
      if ("ready" in message) {
        this.startUsage = message.usage;
        return;
      }
      const pending = this.pending;
      this.pending = null;
      this.usage = message.usage;
      if (!pending) return;
      if (message.ok) pending.resolve(message.result);
      // The task's own error code crosses the process boundary (e.g. PROVIDER_UNAVAILABLE stops the run).
      else
        pending.reject(
          new EnvriggerError(
            message.code !== undefined && message.code in errorCodes ? (message.code as ErrorCode) : "INTERNAL",
            message.error,
          ),
        );
    });
    this.child.on("exit", (code, signal) => {
      const pending = this.pending;
      this.pending = null;
      pending?.reject(
        new EnvriggerError("SANDBOX", `a curriculum process ended unexpectedly (${signal ?? `exit code ${code}`})`),
      );
    });
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  run(input: CurriculumWorkerInput, budget?: RunBudget): Promise<RigTaskResult> {
    this.budget = budget;
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.child.send(input);
    });
  }

  stop(): void {
    if (this.alive) this.child.kill("SIGTERM");
  }
}

/** Options of {@link processExecutor}. */
export interface ProcessExecutorOptions {
  /**
   * Rig tasks in this process too, as one more lane (`lanes` counts it): it starts at once,
   * while the child processes are still loading their modules.
   */
  local?: (input: CurriculumWorkerInput, budget?: RunBudget) => Promise<RigTaskResult>;
  /** Task processes send their rollouts to the queue at this Redis URL. */
  queue?: string;
}

/** A process-pool executor that also reports the peak memory of its child processes. */
export interface ProcessPoolExecutor extends CurriculumExecutor {
  /** Peak resident memory reported by each child process started so far, in KiB. */
  childPeakRssKb(): number[];
  /**
   * Each child process started so far: its peak memory and CPU time as of its latest
   * answer, and what loading its modules cost it (`start`, null until it reported).
   */
  childUsage(): Array<ProcessUsage & { start: ProcessUsage | null }>;
}

/**
 * Run tasks on `lanes` lanes — child processes, plus this process when `local` is given —
 * each rigging one task at a time, so a curriculum uses every core. The child processes
 * start at once, when the executor is created, and each rigs many tasks: create the
 * executor before loading anything heavy, and its children load their modules (the
 * TypeScript compiler, LangGraph, SQLite) while this process loads its own; `close()` stops
 * them. Processes rather than threads: a task whose sandbox brings down its process (V8 can
 * abort on some out-of-memory paths) costs only that process — the task is retried once in
 * a fresh one, resuming from its checkpoint — and isolated-vm is not torn down with a
 * thread. A task waits for the tasks it aims from (`aimFrom`) to finish before it starts.
 * Results come back in task order.
 */
export function processExecutor(lanes: number, options: ProcessExecutorOptions = {}): ProcessPoolExecutor {
  // Compiled JavaScript when this module runs from dist/, the sources through tsx from src/.
  const { path: entry, execArgv } = siblingModule(import.meta.url, "./curriculum-process-entry");
  const started: TaskProcess[] = [];
  const start = () => {
    const child = new TaskProcess(entry, execArgv);
    started.push(child);
    return child;
  };
  // Lane processes, started now so their start-up overlaps this process's.
  const pool: TaskProcess[] = Array.from({ length: Math.max(0, lanes - (options.local ? 1 : 0)) }, start);
  return {
    async run(config, tasks, runDirectory, onDone, budget, signal) {
      const results: CurriculumTaskRun[] = new Array(tasks.length);
      let next = 0;
      // A task starts once the tasks it aims from finished (whichever lanes rig them).
      const gate = new AimGate(tasks);
      const inputAt = (position: number): CurriculumWorkerInput => {
        const task = tasks[position]!;
        return {
          config,
          task,
          runDirectory,
          ...(options.queue ? { queue: options.queue } : {}),
        };
      };
      const localLane = async (local: NonNullable<ProcessExecutorOptions["local"]>) => {
        while (next < tasks.length) {
          signal?.throwIfAborted();
          const position = next++;
          await gate.ready(tasks[position]!);
          const result = await rigOrNotRigged(tasks[position]!.id, () => local(inputAt(position), budget));
          results[position] = result;
          onDone(result);
          gate.finished(tasks[position]!.id);
        }
      };
      const childLane = async (slot: number) => {
        while (next < tasks.length) {
          signal?.throwIfAborted();
          const position = next++;
          await gate.ready(tasks[position]!);
          const input = inputAt(position);
          if (!pool[slot]!.alive) pool[slot] = start();
          const result = await rigOrNotRigged(input.task.id, async () => {
            try {
              return await pool[slot]!.run(input, budget);
            } catch (error) {
              if (pool[slot]!.alive) throw error;
              // The process died: retry once in a fresh one (the task resumes from its checkpoint).
              pool[slot] = start();
              return await pool[slot]!.run(input, budget);
            }
          });
          results[position] = result;
          onDone(result);
          gate.finished(input.task.id);
        }
      };
      await Promise.all([
        ...(options.local ? [localLane(options.local)] : []),
        ...pool.map((_, slot) => childLane(slot)),
      ]);
      return results;
    },
    childPeakRssKb() {
      return started.map((child) => child.usage.maxRssKb);
    },
    childUsage() {
      return started.map((child) => ({ ...child.usage, start: child.startUsage }));
    },
    async close() {
      for (const child of started) child.stop();
    },
  };
}
