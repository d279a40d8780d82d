import { z } from "zod";
import { targetSchema } from "../designer/target.js";
import { rigSettingsSchema } from "./rig-settings.js";
import {
  CHECK_DECISION_POLICY,
  DEFAULT_DECISION_POLICY,
  PAPER_DECISION_POLICY,
  type DecisionPolicy,
} from "./decision-rule.js";

/** The settings a task's rigging keeps (the run-wide ones — budget total, split, candidates — stay with the run). */
const RIG_TASK_SETTINGS = {
  envOptions: true,
  policy: true,
  designer: true,
  k: true,
  kMax: true,
  rule: true,
  confidence: true,
  tolerance: true,
  stepsTolerance: true,
  checkRollouts: true,
  confirmationEpisodes: true,
  budgetRollouts: true,
  revisions: true,
  seed: true,
  maxTurns: true,
  rolloutConcurrency: true,
  callTimeoutMs: true,
} as const;

/** The names of the rig settings one task's configuration holds. */
export const rigTaskSettingNames = Object.keys(RIG_TASK_SETTINGS) as Array<keyof typeof RIG_TASK_SETTINGS>;

/** Everything that defines one task's rigging, serialisable (it lives in the checkpoint). */
export const rigConfigSchema = rigSettingsSchema.pick(RIG_TASK_SETTINGS).extend({
  envId: z.string(),
  taskId: z.string(),
  group: z.string().optional(),
  target: targetSchema,
});

export type RigConfig = z.infer<typeof rigConfigSchema>;
export type RigConfigInput = z.input<typeof rigConfigSchema>;

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
