import { join } from "node:path";

/** The files of a run directory `runs/<id>/`. */
export function runPaths(runDirectory: string) {
  return {
    directory: runDirectory,
    config: join(runDirectory, "run.json"),
    checkpoints: join(runDirectory, "checkpoints.sqlite"),
    events: join(runDirectory, "events.jsonl"),
    result: join(runDirectory, "result.json"),
    report: join(runDirectory, "report.html"),
  };
}
