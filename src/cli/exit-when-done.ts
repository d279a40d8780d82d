/** How long a finished command may take to wind down before it is ended (open sockets closing, files flushing). */
export const WIND_DOWN_MS = 3_000;

/** What {@link exitWhenDone} needs; injectable for tests. */
export interface ExitWhenDoneOptions {
  /** Writes to stderr. */
  stderr: (text: string) => void;
  /** The resources keeping the event loop alive (Node's `process.getActiveResourcesInfo`). */
  activeResources?: () => string[];
  exit?: (code: number) => void;
  graceMs?: number;
}

/**
 * Called once a command has finished and set its exit code: a command whose work is done
 * must end even when something it used left a handle open (a browser launched after its env
 * was closed, a socket, a timer). An unref'd timer never keeps the process alive, so when
 * nothing is left open the process ends at once as before; when something is, the timer
 * fires after `graceMs`, says what was left open on stderr and exits with the command's
 * code. Long-running commands (`serve`, `worker`) finish only when they are stopped.
 */
export function exitWhenDone(code: number, options: ExitWhenDoneOptions): void {
  const activeResources = options.activeResources ?? (() => process.getActiveResourcesInfo());
  const exit = options.exit ?? ((exitCode: number) => process.exit(exitCode));
  const timer = setTimeout(() => {
    const counts = new Map<string, number>();
    for (const resource of activeResources()) counts.set(resource, (counts.get(resource) ?? 0) + 1);
    const open = [...counts].map(([resource, count]) => (count > 1 ? `${resource} ×${count}` : resource)).join(", ");
    options.stderr(
      `warning [LEFT_OPEN]: the command finished but ${open || "an open handle"} kept the process alive; exiting\n`,
    );
    exit(code);
  }, options.graceMs ?? WIND_DOWN_MS);
  timer.unref();
}
