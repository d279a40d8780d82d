import type { RolloutExecutor } from "../rollout/rollout-executor.js";

const warnOnStderr = (message: string) => process.stderr.write(`warning: ${message}\n`);

/** Options of {@link openRolloutQueue}. */
export interface OpenRolloutQueueOptions {
  /** Working directory for `file:` plugins and `learned:` files (default the process's). */
  cwd?: string;
  /** Told when a queued batch waits long without progress (default: a warning on stderr). */
  onWaiting?: (message: string) => void;
}

/**
 * The rollout executor of the queue at `url` (`redis://HOST:PORT`, `rediss://…`), as the
 * commands use it: Redis is checked now (unreachable → `QUEUE_UNREACHABLE` within seconds),
 * warnings (a batch waiting long, results refused) go to stderr. BullMQ is imported here,
 * so commands that run locally never load it. Close it when done.
 */
export async function openRolloutQueue(url: string, options: OpenRolloutQueueOptions = {}): Promise<RolloutExecutor> {
  const { queueRolloutExecutor } = await import("./queue-rollout-executor.js");
  return queueRolloutExecutor({
    url,
    cwd: options.cwd,
    onWaiting: options.onWaiting ?? warnOnStderr,
    onWarning: warnOnStderr,
  });
}
