import { fork, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { EnvriggerError } from "../core/errors.js";
import type { RigTaskResult } from "../rigger/rig-task.js";
import type { CurriculumWorkerInput } from "./curriculum-worker.js";
import type { CurriculumExecutor } from "./run-curriculum.js";

/** A message from a curriculum child process. */
type ChildMessage = { ok: true; result: RigTaskResult } | { ok: false; error: string };

/** One child process that rigs tasks one at a time. */
class TaskProcess {
  private child: ChildProcess;
  private pending: { resolve: (result: RigTaskResult) => void; reject: (error: Error) => void } | null = null;

  constructor(entry: string, execArgv: string[]) {
    this.child = fork(entry, [], { execArgv, stdio: ["ignore", "ignore", "inherit", "ipc"], serialization: "advanced" });
    this.child.on("message", (message: ChildMessage) => {
      const pending = this.pending;
      this.pending = null;
      if (!pending) return;
      if (message.ok) pending.resolve(message.result);
      else pending.reject(new EnvriggerError("INTERNAL", message.error));
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

/**
 * Run tasks in `processes` child processes, each rigging one task at a time, so a
 * curriculum uses every core. Processes rather than threads: a task whose sandbox brings
 * down its process (V8 can abort on some out-of-memory paths) costs only that process —
 * the task is retried once in a fresh one, resuming from its checkpoint — and isolated-vm
 * is not torn down with a thread. Results come back in task order.
 */
export function processExecutor(processes: number): CurriculumExecutor {
  const require = createRequire(import.meta.url);
  const entry = fileURLToPath(new URL("./curriculum-process-entry.ts", import.meta.url));
  const execArgv = ["--no-node-snapshot", "--import", require.resolve("tsx")];
  const children: TaskProcess[] = [];
  return {
    async run(config, tasks, runDirectory, onDone) {
      const results: RigTaskResult[] = new Array(tasks.length);
      let next = 0;
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
      await Promise.all(Array.from({ length: Math.min(processes, tasks.length) }, lane));
      return results;
    },
    async close() {
      for (const child of children) child.stop();
    },
  };
}
