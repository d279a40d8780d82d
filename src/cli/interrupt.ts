/** The signals a run stops on, with the exit code of each (128 + the signal's number, as shells report it). */
export const INTERRUPT_EXIT_CODES = { SIGINT: 130, SIGTERM: 143 } as const;
export type InterruptSignal = keyof typeof INTERRUPT_EXIT_CODES;

/** Shows the cursor and turns line wrapping back on: what a progress bar turns off while it draws. */
export const TERMINAL_RESTORE = "\u001b[?25h\u001b[?7h";

/** What {@link handleInterrupts} does on a signal; `exit` and `signals` are injectable for tests. */
export interface InterruptOptions {
  /** Writes to stderr. */
  stderr: (text: string) => void;
  /** Whether stderr is a terminal (the restore sequence is written only then). */
  interactive: boolean;
  /** What became of the run and how to continue it, e.g. `… continue it with envrigger curriculum --resume runs/<id>`. */
  message: () => string;
  /** Stops what must not outlive the process (the progress bar, the task processes); synchronous. */
  stop: () => void;
  exit?: (code: number) => void;
  signals?: Pick<NodeJS.Process, "on" | "removeListener">;
}

/**
 * While a run is on: on SIGINT or SIGTERM, stop the progress bar and the task processes,
 * give the terminal its cursor and line wrapping back, say how to continue the run, and
 * exit with 130 or 143. Every record a run writes is complete at any moment (atomic
 * writes, appended lines, SQLite checkpoints), so stopping here loses only the batch in
 * flight. Returns the function that removes the handlers once the run is over.
 */
export function handleInterrupts(options: InterruptOptions): () => void {
  const signals = options.signals ?? process;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let stopping = false;
  const handlers = Object.keys(INTERRUPT_EXIT_CODES).map((name) => {
    const signal = name as InterruptSignal;
    const handler = () => {
      // A second signal (a launcher forwarding the terminal's, a second Ctrl-C) while stopping changes nothing.
      if (stopping) return;
      stopping = true;
      options.stop();
      if (options.interactive) options.stderr(TERMINAL_RESTORE);
      options.stderr(`\ninterrupted (${signal}): ${options.message()}\n`);
      exit(INTERRUPT_EXIT_CODES[signal]);
    };
    signals.on(signal, handler);
    return { signal, handler };
  });
  const remove = () => {
    for (const { signal, handler } of handlers) signals.removeListener(signal, handler);
  };
  return remove;
}
