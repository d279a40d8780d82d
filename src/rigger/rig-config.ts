import { z } from "zod";
import { jsonObjectSchema } from "../core/json.js";
import { targetSchema } from "../designer/target.js";
import { DEFAULT_DECISION_POLICY, type DecisionPolicy } from "./decision-rule.js";

/** Everything that defines one task's rigging, serialisable (it lives in the checkpoint). */
export const rigConfigSchema = z.object({
  envId: z.string(),
  envOptions: jsonObjectSchema.default({}),
  taskId: z.string(),
  group: z.string().optional(),
  policy: z.string(),
  designer: z.string(),
  target: targetSchema,
  /** Rollouts per batch (K). */
  k: z.number().int().min(1).default(5),
  /** Cap on rollouts spent on one validation (sequential validation). */
  kMax: z.number().int().min(1).default(DEFAULT_DECISION_POLICY.kMax),
  /** Probability that a fresh check of `check` rollouts lands in band, needed to accept (and to skip). */
  confidence: z.number().gt(0.5).lt(1).default(DEFAULT_DECISION_POLICY.confidence),
  /** Rollouts of the fresh check the rule targets (0: the posterior of the true rate instead). */
  check: z.number().int().min(0).default(DEFAULT_DECISION_POLICY.checkRollouts),
  /** Fresh rollouts of the confirmation batch before a final accept (0: none). */
  confirm: z.number().int().min(0).default(DEFAULT_DECISION_POLICY.confirmationEpisodes),
  /** Revisions after the first candidate. */
  revisions: z.number().int().min(0).default(5),
  seed: z.number().int().nonnegative().default(0),
  maxTurns: z.number().int().positive().optional(),
  /** Episodes of a batch in flight at once (default: `defaultRolloutConcurrency(policy, envId)`). */
  rolloutConcurrency: z.number().int().min(1).optional(),
  /** Deadline of each env and policy call in ms (default 30 000; see `DEFAULT_CALL_TIMEOUT_MS`). */
  callTimeoutMs: z.number().int().positive().optional(),
});
export type RigConfig = z.infer<typeof rigConfigSchema>;
export type RigConfigInput = z.input<typeof rigConfigSchema>;

/** The index offset of validation rollouts of revision `revision` (never overlaps observation seeds). */
export function validationIndexOffset(revision: number): number {
  return 100_000 * (revision + 1);
}

/** The decision policy of a rig configuration: the defaults with its kMax, confidence, check and confirmation batch. */
export function decisionPolicyOf(
  config: Pick<RigConfig, "kMax" | "confidence" | "confirm"> & { check?: number },
): DecisionPolicy {
  return {
    ...DEFAULT_DECISION_POLICY,
    kMax: config.kMax,
    confidence: config.confidence,
    confirmationEpisodes: config.confirm,
    checkRollouts: config.check ?? DEFAULT_DECISION_POLICY.checkRollouts,
  };
}
