import { join } from "node:path";

/** The files of a run directory `runs/<id>/`. */
export function runPaths(runDirectory: string) {
  return {
    directory: runDirectory,
    config: join(runDirectory, "run.json"),
    /** One SQLite checkpointer file per task thread (no write contention between workers). */
    checkpointsOf: (taskId: string) =>
      join(runDirectory, "checkpoints", `${taskId.replace(/[^A-Za-z0-9._-]+/g, "_")}.sqlite`),
    events: join(runDirectory, "events.jsonl"),
    result: join(runDirectory, "result.json"),
    report: join(runDirectory, "report.html"),
    /** Accepted candidates, `<env>/<task>/<hash>.json` (unless the run was given `--candidates`). */
    candidates: join(runDirectory, "candidates"),
  };
}
