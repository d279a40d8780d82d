import { createRequire } from "node:module";
import { Piscina } from "piscina";
import type { RigTaskResult } from "../rigger/rig-task.js";
import type { CurriculumExecutor } from "./run-curriculum.js";
import type { CurriculumWorkerInput } from "./curriculum-worker.js";

/**
 * Run tasks in a pool of `threads` worker threads (one task at a time per thread), so a
 * curriculum uses every core: rollouts, sandboxes and designers are CPU-bound. Each
 * worker rebuilds its dependencies from the run's configuration and shares the run's
 * SQLite checkpointer (WAL). Results come back in task order.
 */
export function workerExecutor(threads: number): CurriculumExecutor {
  const require = createRequire(import.meta.url);
  const pool = new Piscina({
    filename: new URL("./curriculum-worker.ts", import.meta.url).href,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 1_000,
    // Workers load the TypeScript sources through tsx, like the main thread.
    execArgv: ["--import", require.resolve("tsx")],
  });
  return {
    async run(config, tasks, runDirectory, onDone) {
      return Promise.all(
        tasks.map(async (task) => {
          const input: CurriculumWorkerInput = { config, task: { id: task.id, group: task.group }, runDirectory };
          const result = (await pool.run(input)) as RigTaskResult;
          onDone(result);
          return result;
        }),
      );
    },
    async close() {
      await pool.destroy();
    },
  };
}
