import { openRolloutQueue } from "../queue/open-rollout-queue.js";
import type { RolloutExecutor } from "../rollout/rollout-executor.js";
import { productRolloutExecutor } from "./product-rollout-executor.js";

/** Options of {@link createRolloutExecutor}. */
export interface CreateRolloutExecutorOptions {
  /** A Redis URL (`redis://HOST:PORT`, `rediss://…`): send rollouts to `envrigger worker` processes. */
  queue?: string;
  /** Working directory for `file:` plugins and `learned:` files (default the process's). */
  cwd?: string;
  /** Episodes in flight for local runs that do not say (default 1). */
  concurrency?: number;
  /** Told when a queued batch waits long without progress (default: a warning on stderr). */
  onWaiting?: (message: string) => void;
}

/**
 * The one function a command calls to get its rollout executor: the queue at `queue` when
 * given (Redis is checked now: unreachable → `QUEUE_UNREACHABLE` within seconds), else this
 * process ({@link productRolloutExecutor}). Close it when done. Training loops take it the
 * same way: build batches of data (`RolloutBatch`) and call `executor.run(batch, { concurrency })`.
 */
export async function createRolloutExecutor(options: CreateRolloutExecutorOptions = {}): Promise<RolloutExecutor> {
  if (options.queue) return openRolloutQueue(options.queue, { cwd: options.cwd, onWaiting: options.onWaiting });
  return productRolloutExecutor({ cwd: options.cwd, concurrency: options.concurrency });
}
