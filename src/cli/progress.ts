import { SingleBar } from "cli-progress";
import type { CliIo } from "./cli-io.js";

/** A progress reporter; a no-op when disabled. */
export interface Progress {
  start(total: number, label: string): void;
  update(done: number): void;
  stop(): void;
}

/**
 * A progress bar on stderr, only when stderr is a terminal and output is not `--json`
 * (so piped and machine-read outputs stay clean).
 */
export function createProgress(io: CliIo, enabled: boolean): Progress {
  if (!enabled || !io.interactive) return { start() {}, update() {}, stop() {} };
  let bar: SingleBar | null = null;
  return {
    start(total, label) {
      bar = new SingleBar({
        format: `${label} [{bar}] {value}/{total} {eta_formatted}`,
        stream: process.stderr,
        hideCursor: true,
      });
      bar.start(total, 0);
    },
    update(done) {
      bar?.update(done);
    },
    stop() {
      bar?.stop();
      bar = null;
    },
  };
}
