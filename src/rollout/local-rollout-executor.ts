import type { ActionableEnv } from "../core/actionable-env.js";
import { contentHash } from "../core/content-hash.js";
import type { Json } from "../core/json.js";
import type { PolicyFactory } from "../core/policy.js";
import { parseWith } from "../core/validate.js";
import type { HarnessStackSpec } from "../harness/harness-stack-spec.js";
import { EnvPool } from "./env-pool.js";
import { rolloutBatchSchema, type RolloutBatch, type RolloutBatchInput } from "./rollout-batch.js";
import type { RolloutExecutor } from "./rollout-executor.js";
import { runRollouts } from "./run-rollouts.js";

/** What the local executor needs to turn a batch's data into live objects. */
export interface LocalRolloutExecutorOptions {
  /** Build the batch's stack (a fresh env per concurrent lane). */
  buildEnv(stack: HarnessStackSpec): Promise<ActionableEnv>;
  /** The policy factory of the batch's policy spec (artifacts at hand in `batch`). */
  policy(spec: string, batch: RolloutBatch): Promise<PolicyFactory>;
  /** Episodes in flight when a run does not say (default 1). */
  concurrency?: number;
  /**
   * Keep the built envs of the `reuseStacks` most recently used stacks between batches, so
   * the next batch of the same stack (a validation runs ~20 batches of one candidate) reuses
   * them instead of loading its Rules into new isolates again, exactly as `runRollouts`
   * already reuses one env across the episodes of a batch. Default 0: every batch builds its
   * envs and closes them at its end. `close()` closes the kept envs.
   */
  reuseStacks?: number;
}

const batchWithoutStackSchema = rolloutBatchSchema.omit({ stack: true });

/**
 * Stacks already parsed, with their content hash, by the spec object a caller passed: a
 * validation sends the same spec object with each of its ~20 batches, and parsing and
 * hashing it (Rules sources included) each time cost ~0.5 s of a 20-task curriculum. A
 * spec object is data: it is not changed once given to `run`.
 */
const parsedStacks = new WeakMap<object, { stack: HarnessStackSpec; key?: string }>();

function parseBatch(input: RolloutBatchInput): { batch: RolloutBatch; stackKey: () => string } {
  const { stack: spec, ...rest } = input;
  let known = parsedStacks.get(spec);
  let batch: RolloutBatch;
  if (known) {
    batch = { ...parseWith(batchWithoutStackSchema, rest, "rollout batch", "BAD_ARGUMENT"), stack: known.stack };
  } else {
    batch = parseWith(rolloutBatchSchema, input, "rollout batch", "BAD_ARGUMENT");
    known = { stack: batch.stack };
    if (typeof spec === "object" && spec !== null) parsedStacks.set(spec, known);
  }
  const entry = known;
  return { batch, stackKey: () => (entry.key ??= contentHash(entry.stack as unknown as Json)) };
}

/** The executor that runs batches in this process with {@link runRollouts}. */
export function localRolloutExecutor(options: LocalRolloutExecutorOptions): RolloutExecutor {
  const reuse = Math.max(0, Math.floor(options.reuseStacks ?? 0));
  const pool = reuse > 0 ? new EnvPool(reuse, Number.POSITIVE_INFINITY) : undefined;
  return {
    description: "local",
    async run(input, runOptions = {}) {
      const { batch, stackKey } = parseBatch(input);
      const policy = await options.policy(batch.policy, batch);
      const key = pool ? stackKey() : "";
      return runRollouts({
        createEnv: pool
          ? () => pool.acquire(key, () => options.buildEnv(batch.stack))
          : () => options.buildEnv(batch.stack),
        ...(pool ? { releaseEnv: (env: ActionableEnv) => pool.release(key, env) } : {}),
        policy,
        tasks: batch.tasks,
        episodes: batch.episodes,
        seed: batch.seed,
        indexOffset: batch.indexOffset,
        concurrency: runOptions.concurrency ?? options.concurrency,
        maxTurns: batch.maxTurns,
        timeoutMs: batch.timeoutMs,
        callTimeoutMs: batch.callTimeoutMs,
        onEpisode: runOptions.onEpisode,
      });
    },
    async close() {
      await pool?.close();
    },
  };
}
