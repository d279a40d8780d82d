import { z } from "zod";
import { MAX_TIMER_MS } from "../core/max-timer-ms.js";
import { jsonSchema } from "../core/json.js";
import { harnessStackSpecSchema } from "../harness/harness-stack-spec.js";

/** One task of a batch: its id and its group (copied into the trajectories). */
export const rolloutBatchTaskSchema = z.strictObject({
  taskId: z.string().min(1),
  group: z.string().optional(),
});

/**
 * A batch of rollouts as data — everything that decides its trajectories and nothing live,
 * so it can run in this process or travel to a queue worker on another host:
 * - `stack`: the harness stack spec to roll out (a bare env is a stack with no layers; its
 *   `base.taskId` is the task it was built for, `tasks` says which tasks run on it);
 * - `policy`: the policy spec (`hasty`, `openai:<model>`, `file:<path>`, `learned:sha256:<hash>`);
 * - episode `index` of task `t` runs with seed `rolloutSeed(seed, t, index)` for index in
 *   `[indexOffset, indexOffset + episodes)`;
 * - `maxTurns` / `timeoutMs` / `callTimeoutMs`: the episode limits;
 * - `policyArtifacts`: JSON the policy spec refers to by content hash (e.g. learned weights),
 *   `{ <sha256 hex>: value }`, shipped with the batch (see `policyArtifactHash`).
 * API keys are never part of a batch: whoever runs it reads its own environment.
 */
export const rolloutBatchSchema = z.strictObject({
  stack: harnessStackSpecSchema,
  policy: z.string().min(1),
  tasks: z.array(rolloutBatchTaskSchema).min(1),
  episodes: z.number().int().positive(),
  seed: z.number().int().nonnegative(),
  indexOffset: z.number().int().nonnegative().default(0),
  maxTurns: z.number().int().positive().optional(),
  timeoutMs: z.number().positive().max(MAX_TIMER_MS).optional(),
  /** Deadline of each env and policy call in ms (see `RunEpisodeOptions.callTimeoutMs`). */
  callTimeoutMs: z.number().int().positive().max(MAX_TIMER_MS).optional(),
  policyArtifacts: z.record(z.string().regex(/^[0-9a-f]{64}$/), jsonSchema).optional(),
});
export type RolloutBatch = z.infer<typeof rolloutBatchSchema>;
export type RolloutBatchInput = z.input<typeof rolloutBatchSchema>;
