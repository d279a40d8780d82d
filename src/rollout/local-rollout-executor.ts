import type { ActionableEnv } from "../core/actionable-env.js";
import type { PolicyFactory } from "../core/policy.js";
import { parseWith } from "../core/validate.js";
import type { HarnessStackSpec } from "../harness/harness-stack-spec.js";
import { rolloutBatchSchema, type RolloutBatch } from "./rollout-batch.js";
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
}

/** The executor that runs batches in this process with {@link runRollouts}. */
export function localRolloutExecutor(options: LocalRolloutExecutorOptions): RolloutExecutor {
  return {
    description: "local",
    async run(input, runOptions = {}) {
      const batch = parseWith(rolloutBatchSchema, input, "rollout batch", "BAD_ARGUMENT");
      const policy = await options.policy(batch.policy, batch);
      return runRollouts({
        createEnv: () => options.buildEnv(batch.stack),
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
    async close() {},
  };
}
