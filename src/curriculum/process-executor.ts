import { fork, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { EnvriggerError, errorCodes, type ErrorCode } from "../core/errors.js";
import type { RigTaskResult } from "../rigger/rig-task.js";
import type { CurriculumWorkerInput } from "./curriculum-worker.js";
import type { CurriculumExecutor } from "./run-curriculum.js";

/** A message from a curriculum child process. */
type ChildMessage = { ok: true; result: RigTaskResult; maxRssKb: number } | { ok: false; error: string; code?: string; maxRssKb: number };

/** One child process that rigs tasks one at a time. */
class TaskProcess {
  private child: ChildProcess;
  private pending: { resolve: (result: RigTaskResult) => void; reject: (error: Error) => void } | null = null;
  /** Peak resident memory the process reported, in KiB. */
  maxRssKb = 0;

  constructor(entry: string, execArgv: string[]) {
    this.child = fork(entry, [], { execArgv, stdio: ["ignore", "ignore", "inherit", "ipc"], serialization: "advanced" });
    this.child.on("message", (message: ChildMessage) => {
      const pending = this.pending;
      this.pending = null;
      this.maxRssKb = Math.max(this.maxRssKb, message.maxRssKb);
      if (!pending) return;
      if (message.ok) pending.resolve(message.result);
      // The task's own error code crosses the process boundary (e.g. PROVIDER_UNAVAILABLE stops the run).
      else pending.reject(new EnvriggerError(message.code !== undefined && message.code in errorCodes ? (message.code as ErrorCode) : "INTERNAL", message.error));
    });
    this.child.on("exit", (code, signal) => {
      const pending = this.pending;
      this.pending = null;
      pending?.reject(new EnvriggerError("SANDBOX", `a curriculum process ended unexpectedly (${signal ?? `exit code ${code}`})`));
    });
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  run(input: CurriculumWorkerInput): Promise<RigTaskResult> {
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
   * while the child processes are still loading (a child pays ~2 s of start-up — the
   * TypeScript compiler, ts-morph, LangGraph — before its first task).
   */
  local?: (input: CurriculumWorkerInput) => Promise<RigTaskResult>;
}

/** A process-pool executor that also reports the peak memory of its child processes. */
export interface ProcessPoolExecutor extends CurriculumExecutor {
  /** Peak resident memory reported by each child process started so far, in KiB. */
  childPeakRssKb(): number[];
}

/**
 * Run tasks on `lanes` lanes — child processes, plus this process when `local` is given —
 * each rigging one task at a time, so a curriculum uses every core. Processes rather than threads: a task whose sandbox brings
 * down its process (V8 can abort on some out-of-memory paths) costs only that process —
 * the task is retried once in a fresh one, resuming from its checkpoint — and isolated-vm
 * is not torn down with a thread. Results come back in task order.
 */
export function processExecutor(lanes: number, options: ProcessExecutorOptions = {}): ProcessPoolExecutor {
  const require = createRequire(import.meta.url);
  const entry = fileURLToPath(new URL("./curriculum-process-entry.ts", import.meta.url));
  const execArgv = ["--no-node-snapshot", "--import", require.resolve("tsx")];
  const children: TaskProcess[] = [];
  return {
    async run(config, tasks, runDirectory, onDone) {
      const results: RigTaskResult[] = new Array(tasks.length);
      let next = 0;
      const localLane = async (local: NonNullable<ProcessExecutorOptions["local"]>) => {
        while (next < tasks.length) {
          const position = next++;
          const task = tasks[position]!;
          const result = await local({ config, task: { id: task.id, group: task.group }, runDirectory });
          results[position] = result;
          onDone(result);
        }
      };
      const lane = async () => {
        let child = new TaskProcess(entry, execArgv);
        children.push(child);
        while (next < tasks.length) {
          const position = next++;
          const task = tasks[position]!;
          const input: CurriculumWorkerInput = { config, task: { id: task.id, group: task.group }, runDirectory };
          let result: RigTaskResult;
          try {
            result = await child.run(input);
          } catch (error) {
            if (child.alive) throw error;
            // The process died: retry once in a fresh one (the task resumes from its checkpoint).
            child = new TaskProcess(entry, execArgv);
            children.push(child);
            result = await child.run(input);
          }
          results[position] = result;
          onDone(result);
        }
      };
      const childLanes = Math.max(0, Math.min(lanes - (options.local ? 1 : 0), tasks.length - 1));
      await Promise.all([...(options.local ? [localLane(options.local)] : []), ...Array.from({ length: options.local ? childLanes : Math.min(lanes, tasks.length) }, lane)]);
      return results;
    },
    childPeakRssKb() {
      return children.map((child) => child.maxRssKb);
    },
    async close() {
      for (const child of children) child.stop();
    },
  };
}
