import type { ActionableEnv } from "../core/actionable-env.js";
import type { Json } from "../core/json.js";
import type { PolicyFactory } from "../core/policy.js";
import type { Trajectory } from "../core/trajectory.js";
import type { HarnessStackSpec } from "../harness/harness-stack-spec.js";
import type { LearnableModel } from "../policies/learnable/learnable-model.js";
import { weightsFileOf } from "../policies/learnable/learned-weights-file.js";
import { LEARNED_POLICY_PREFIX } from "../policies/learnable/resolve-learned-policy.js";
import { policyArtifactHash } from "../rollout/policy-artifacts.js";
import type { RolloutBatchInput } from "../rollout/rollout-batch.js";
import type { RolloutExecutor } from "../rollout/rollout-executor.js";
import { runRollouts } from "../rollout/run-rollouts.js";

/** One group of rollouts the trainer asks for: G episodes of one task from one snapshot. */
export interface TrainingRolloutRequest {
  /** Where it runs in this process. */
  createEnv: () => Promise<ActionableEnv>;
  /** The same as data, for an executor. */
  stack: HarnessStackSpec;
  taskId: string;
  group?: string;
  episodes: number;
  seed: number;
}

/** The snapshot the requests roll out: live for this process, as a learned weights artifact for an executor. */
export interface TrainingSnapshot {
  policy: PolicyFactory;
  /** `learned:sha256:<hash>` and the weights file it names (see {@link learnedSnapshotSpec}); asked for only when an executor runs the requests. */
  portable: () => { spec: string; artifacts: Record<string, Json> };
}

/** The frozen weights of `model` as a content-addressed `learned:sha256:<hash>` spec with the weights file as its artifact. */
export function learnedSnapshotSpec(
  model: LearnableModel,
  envId: string,
): { spec: string; artifacts: Record<string, Json> } {
  const file = weightsFileOf(model.clone(envId)) as unknown as Json;
  const hash = policyArtifactHash(file);
  return { spec: `${LEARNED_POLICY_PREFIX}sha256:${hash}`, artifacts: { [hash]: file } };
}

/** How training rollouts run: in this process (no executor), or as batches on a `RolloutExecutor` (e.g. queue workers). */
export interface TrainingRollouts {
  executor?: RolloutExecutor;
  /** Episodes in flight at once (in this process; a queue leaves it to its workers). */
  concurrency: number;
}

/**
 * The only place the trainer (and its evaluations) run episodes. Without an executor, each
 * group runs in turn with the ordinary `runRollouts` on the live snapshot (every harness
 * stack works unchanged). With one, every group becomes a `RolloutBatch` — its stack spec,
 * the snapshot as `learned:sha256:<hash>` with the weights shipped in `policyArtifacts` —
 * and all groups are sent at once. Seeds derive from (seed, task, index) either way, so the
 * trajectories, and the decisions the policy recorded in their steps, are the same.
 * Returns one list of trajectories per request, in request order.
 */
export async function runTrainingRollouts(
  requests: readonly TrainingRolloutRequest[],
  snapshot: TrainingSnapshot,
  rollouts: TrainingRollouts,
): Promise<Trajectory[][]> {
  const { executor } = rollouts;
  if (!executor) {
    const groups: Trajectory[][] = [];
    for (const request of requests) {
      groups.push(
        await runRollouts({
          createEnv: request.createEnv,
          policy: snapshot.policy,
          tasks: [{ taskId: request.taskId, group: request.group }],
          episodes: request.episodes,
          seed: request.seed,
          concurrency: rollouts.concurrency,
        }),
      );
    }
    return groups;
  }
  const portable = snapshot.portable();
  return Promise.all(
    requests.map((request) => {
      const batch: RolloutBatchInput = {
        stack: request.stack,
        policy: portable.spec,
        policyArtifacts: portable.artifacts,
        tasks: [{ taskId: request.taskId, ...(request.group === undefined ? {} : { group: request.group }) }],
        episodes: request.episodes,
        seed: request.seed,
      };
      return executor.run(batch, { concurrency: rollouts.concurrency });
    }),
  );
}
