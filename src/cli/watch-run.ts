import type { RunOptions } from "../app/curriculum.js";
import type { CliIo } from "./cli-io.js";
import { handleInterrupts } from "./interrupt.js";
import { createProgress } from "./progress.js";
import { interruptedRunMessage } from "./resume-command.js";
import { noteUnfinishedRun } from "./unfinished-run-note.js";

/** What {@link watchRun} hands a verb: progress, the start note and the signal a Ctrl-C aborts. */
export type WatchOptions = Required<Pick<RunOptions, "onProgress" | "onStart" | "signal">>;

/** A run watched from the command line: the verb's hooks, and what to do when it returns. */
export interface RunWatch {
  /** Spread into the verb's options. */
  options: WatchOptions;
  /** The run returned: stop the bar and print its warnings. */
  finished(warnings: string[]): void;
  /** Remove the signal handlers and stop the bar (call in `finally`). */
  stop(): void;
}

/**
 * Watch `curriculum`/`rig` from the command line: a progress bar on a terminal; a new run
 * without `--out` first notes an unfinished run of the same command (and how to continue
 * it). On SIGINT/SIGTERM: the bar stops, the run is aborted, the terminal is restored, a
 * line names the command that resumes the run, and the process exits 130/143. The verb is
 * called by the command itself (not through this), so the call path stays short.
 */
export function watchRun(io: CliIo, run: { json: boolean | undefined; out: string | undefined }): RunWatch {
  const progress = createProgress(io, !run.json);
  const controller = new AbortController();
  let runDirectory: string | null = null;
  const stopHandlingInterrupts = handleInterrupts({
    stderr: io.stderr,
    interactive: io.interactive,
    stop: () => {
      progress.stop();
      controller.abort();
    },
    message: () =>
      runDirectory === null ? "the run stopped before it wrote anything" : interruptedRunMessage(runDirectory, io.cwd),
  });
  let started = false;
  return {
    options: {
      signal: controller.signal,
      onStart: (start) => {
        runDirectory = start.runDirectory;
        if (!start.resumed && run.out === undefined) noteUnfinishedRun(start.config, start.runDirectory, io);
      },
      onProgress: ({ done, total }) => {
        if (!started) progress.start(total, "tasks");
        started = true;
        progress.update(done);
      },
    },
    finished(warnings) {
      progress.stop();
      for (const warning of warnings) io.stderr(`warning: ${warning}\n`);
    },
    stop() {
      stopHandlingInterrupts();
      progress.stop();
    },
  };
}
