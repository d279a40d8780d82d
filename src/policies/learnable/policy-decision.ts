import { z } from "zod";
import { EnvriggerError } from "../../core/errors.js";
import type { JsonObject } from "../../core/json.js";
import type { TrajectoryStep } from "../../core/trajectory.js";

/**
 * One decision of a learnable policy, as the trainer needs it to compute the gradient of
 * the chosen action's log-probability: the context features and candidate actions (as
 * hashes), the probabilities the policy sampled from and the index it chose.
 */
export const policyDecisionSchema = z.strictObject({
  features: z.array(z.number().int().nonnegative()),
  actions: z.array(z.number().int().nonnegative()).min(1),
  probabilities: z.array(z.number().min(0).max(1)).min(1),
  chosen: z.number().int().nonnegative(),
});
export type PolicyDecision = z.infer<typeof policyDecisionSchema>;

/** The key under which a learnable policy's decision sits in a step's `policyRecord`. */
export const DECISION_RECORD_KEY = "learnedDecision";

/** The key of an episode in decision records: task id and episode seed (what the trajectory records too). */
export function episodeKey(taskId: string, seed: number): string {
  return `${taskId}#${seed}`;
}

/** A decision as a step's `policyRecord` (JSON: it travels with trajectories from workers). */
export function decisionRecord(decision: PolicyDecision): JsonObject {
  return { [DECISION_RECORD_KEY]: decision };
}

/**
 * The learnable policy's decision recorded in a step, or undefined when the step has none
 * (another policy). A record that is there but malformed, or whose lists disagree, is refused:
 * a gradient computed from it would be wrong.
 */
export function recordedDecision(step: Pick<TrajectoryStep, "policyRecord" | "turn">): PolicyDecision | undefined {
  const value = step.policyRecord?.[DECISION_RECORD_KEY];
  if (value === undefined) return undefined;
  const parsed = policyDecisionSchema.safeParse(value);
  if (
    !parsed.success ||
    parsed.data.actions.length !== parsed.data.probabilities.length ||
    parsed.data.chosen >= parsed.data.actions.length
  ) {
    throw new EnvriggerError(
      "INVALID_SHAPE",
      `the learnable policy's decision recorded at turn ${step.turn} is malformed`,
    );
  }
  return parsed.data;
}
