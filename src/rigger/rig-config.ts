import { z } from "zod";
import { MAX_TIMER_MS } from "../core/max-timer-ms.js";
import { jsonObjectSchema } from "../core/json.js";
import { withRenamedKeys } from "../core/renamed-keys.js";
import { targetSchema } from "../designer/target.js";
import {
  CHECK_DECISION_POLICY,
  DEFAULT_DECISION_POLICY,
  PAPER_DECISION_POLICY,
  decisionRules,
  type DecisionPolicy,
} from "./decision-rule.js";

/** Setting names a stored rig configuration may still use (old → new). */
export const RENAMED_DECISION_SETTINGS = { check: "checkRollouts", confirm: "confirmationEpisodes" } as const;

const rigConfigObjectSchema = z.object({
  envId: z.string(),
  envOptions: jsonObjectSchema.default({}),
  taskId: z.string(),
  group: z.string().optional(),
  policy: z.string(),
  designer: z.string(),
  target: targetSchema,
  /** Rollouts per batch (K). */
  k: z.number().int().min(1).default(5),
  /** Which rule judges the bands (`paper`: one batch of `k` per candidate, accepted when its mean is in band). */
  rule: z.enum(decisionRules).default(DEFAULT_DECISION_POLICY.rule),
  /** Cap on rollouts spent on one validation (sequential validation). */
  kMax: z.number().int().min(1).default(DEFAULT_DECISION_POLICY.kMax),
  /** Posterior probability that the true rate lies in the band widened by `tolerance` (with `checkRollouts` > 0: that such a check lands in it), needed to accept (and to skip). */
  confidence: z.number().gt(0.5).lt(1).default(DEFAULT_DECISION_POLICY.confidence),
  /** How far outside the success band a true rate may lie and keep the promise (see `DecisionPolicy.tolerance`). */
  tolerance: z.number().min(0).max(0.5).default(DEFAULT_DECISION_POLICY.tolerance),
  /** The same for the steps band, in turns. */
  stepsTolerance: z.number().min(0).default(DEFAULT_DECISION_POLICY.stepsTolerance),
  /** Rollouts of the fresh check the rule targets (0: the posterior of the true rate instead). */
  checkRollouts: z.number().int().min(0).default(DEFAULT_DECISION_POLICY.checkRollouts),
  /** Fresh rollouts of the confirmation batch before a final accept (0: none). */
  confirmationEpisodes: z.number().int().min(0).default(DEFAULT_DECISION_POLICY.confirmationEpisodes),
  /**
   * Rollouts the task may spend in all (baseline and validations): each measurement is
   * capped to what is left (at least one batch), and once it is spent the task ends with
   * the verdict reached, marked `BUDGET_EXHAUSTED`. Absent: no budget but `kMax` and `revisions`.
   */
  budgetRollouts: z.number().int().min(1).optional(),
  /** Revisions after the first candidate. */
  revisions: z.number().int().min(0).default(5),
  seed: z.number().int().nonnegative().default(0),
  maxTurns: z.number().int().positive().optional(),
  /** Episodes of a batch in flight at once (default: `defaultRolloutConcurrency(policy, envId)`). */
  rolloutConcurrency: z.number().int().min(1).optional(),
  /** Deadline of each env and policy call in ms (default 30 000; see `DEFAULT_CALL_TIMEOUT_MS`). */
  callTimeoutMs: z.number().int().positive().max(MAX_TIMER_MS).optional(),
});

/**
 * Everything that defines one task's rigging, serialisable (it lives in the checkpoint).
 * Reads configurations stored under the older names `check` and `confirm` too.
 */
export const rigConfigSchema = withRenamedKeys(rigConfigObjectSchema, RENAMED_DECISION_SETTINGS);
export type RigConfig = z.infer<typeof rigConfigObjectSchema>;
export type RigConfigInput = z.input<typeof rigConfigObjectSchema>;

/** The index offset of validation rollouts of revision `revision` (never overlaps observation seeds). */
export function validationIndexOffset(revision: number): number {
  return 100_000 * (revision + 1);
}

/**
 * The decision policy of a rig configuration: the defaults with its kMax, confidence,
 * tolerances, check and confirmation batch — on a check (`checkRollouts` > 0), the check
 * rule's refine threshold and no pooling ({@link CHECK_DECISION_POLICY}).
 */
export function decisionPolicyOf(
  config: Pick<RigConfig, "kMax" | "confidence" | "confirmationEpisodes"> & {
    checkRollouts?: number;
    tolerance?: number;
    stepsTolerance?: number;
    rule?: RigConfig["rule"];
    k?: number;
  },
): DecisionPolicy {
  if (config.rule === "paper") {
    const batch = config.k ?? PAPER_DECISION_POLICY.kMax;
    return { ...PAPER_DECISION_POLICY, kMax: batch, minimumEvidence: batch };
  }
  const onCheck = (config.checkRollouts ?? DEFAULT_DECISION_POLICY.checkRollouts) > 0;
  const base = onCheck ? CHECK_DECISION_POLICY : DEFAULT_DECISION_POLICY;
  return {
    ...base,
    kMax: config.kMax,
    confidence: config.confidence,
    tolerance: config.tolerance ?? base.tolerance,
    stepsTolerance: config.stepsTolerance ?? base.stepsTolerance,
    confirmationEpisodes: config.confirmationEpisodes,
    checkRollouts: config.checkRollouts ?? DEFAULT_DECISION_POLICY.checkRollouts,
  };
}
