/**
 * `envrigger/queue`: rollout executors — in this process, or on a BullMQ/Redis queue of
 * `envrigger worker` processes — and the worker itself. `test/public-api.test.ts` pins this list.
 */
export { rolloutBatchSchema, type RolloutBatch, type RolloutBatchInput } from "../rollout/rollout-batch.js";
export type { RolloutExecutor, RunBatchOptions } from "../rollout/rollout-executor.js";
export { localRolloutExecutor } from "../rollout/local-rollout-executor.js";
export { defaultRolloutConcurrency } from "../rollout/default-rollout-concurrency.js";
export { policyArtifactHash, portablePolicySpec } from "../rollout/policy-artifacts.js";
export { queueRolloutExecutor } from "./queue-rollout-executor.js";
export { startRolloutWorker, type RolloutWorkerOptions, type RunningRolloutWorker } from "./rollout-worker.js";
export { rolloutJobSchema, type RolloutJob } from "./rollout-job.js";
