import { z } from "zod";
import { MAX_TIMER_MS } from "../core/max-timer-ms.js";
import { jsonObjectSchema } from "../core/json.js";
import { withRenamedKeys } from "../core/renamed-keys.js";
import { splitSelectionSchema } from "../core/task.js";
import { targetSchema } from "../designer/target.js";
import { DEFAULT_DECISION_POLICY, decisionRules } from "../rigger/decision-rule.js";
import { RENAMED_DECISION_SETTINGS } from "../rigger/rig-config.js";

const curriculumConfigObjectSchema = z.object({
  version: z.literal(1),
  runId: z.string(),
  env: z.string(),
  envOptions: jsonObjectSchema.default({}),
  split: splitSelectionSchema.default("train"),
  /** Only these tasks (all of the split when absent). */
  taskIds: z.array(z.string()).optional(),
  policy: z.string(),
  designer: z.string(),
  target: targetSchema,
  k: z.number().int().min(1).default(5),
  kMax: z.number().int().min(1).default(DEFAULT_DECISION_POLICY.kMax),
  /** Which rule judges the bands (see `DecisionPolicy.rule`). */
  rule: z.enum(decisionRules).default(DEFAULT_DECISION_POLICY.rule),
  /** Rollouts each task may spend in all (see the rig configuration's `budgetRollouts`). */
  budgetRollouts: z.number().int().min(1).optional(),
  /**
   * Rollouts the whole run may spend, summed over its tasks and lanes (`--budget-total`):
   * every batch is granted from it, so the run never spends more; tasks it leaves without a
   * first rollout are reported as not rigged. Absent: no run budget.
   */
  budgetTotal: z.number().int().min(1).optional(),
  /** Posterior probability that the true rate lies in the band widened by `tolerance` (with `checkRollouts` > 0: that such a check lands in it), needed to accept or skip. */
  confidence: z.number().gt(0.5).lt(1).default(DEFAULT_DECISION_POLICY.confidence),
  /** How far outside the success band a true rate may lie and keep the promise (see `DecisionPolicy.tolerance`). */
  tolerance: z.number().min(0).max(0.5).default(DEFAULT_DECISION_POLICY.tolerance),
  /** The same for the steps band, in turns. */
  stepsTolerance: z.number().min(0).default(DEFAULT_DECISION_POLICY.stepsTolerance),
  /** Rollouts of the fresh check the decision rule targets (0: the posterior of the true rate instead). */
  checkRollouts: z.number().int().min(0).default(DEFAULT_DECISION_POLICY.checkRollouts),
  /** Fresh rollouts confirming a passing candidate before the final accept. */
  confirmationEpisodes: z.number().int().min(0).default(DEFAULT_DECISION_POLICY.confirmationEpisodes),
  revisions: z.number().int().min(0).default(5),
  seed: z.number().int().nonnegative().default(0),
  maxTurns: z.number().int().positive().optional(),
  /** Episodes of a rollout batch in flight at once (default: 16 for LLM policies and OpenEnv envs, else 1). */
  rolloutConcurrency: z.number().int().min(1).optional(),
  /** Deadline of each env and policy call in ms (default 30 000). */
  callTimeoutMs: z.number().int().positive().max(MAX_TIMER_MS).optional(),
  /** Where accepted candidates are stored. */
  candidatesDir: z.string(),
});

/**
 * A curriculum run's configuration, written to `runs/<id>/run.json` when the run starts;
 * `--resume` reads it back so a resumed run is the same run (also one written under the
 * older setting names `check` and `confirm`).
 */
export const curriculumConfigSchema = withRenamedKeys(curriculumConfigObjectSchema, RENAMED_DECISION_SETTINGS);
export type CurriculumConfig = z.infer<typeof curriculumConfigObjectSchema>;
export type CurriculumConfigInput = z.input<typeof curriculumConfigObjectSchema>;
