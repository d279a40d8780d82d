import { z } from "zod";
import { jsonObjectSchema } from "../core/json.js";
import { runCostSchema } from "./cost-record.js";

/** What one co-evolution round did, `<run>/coevolution/round-<r>/round.json`. */
export const coevolutionRoundSchema = z.object({
  round: z.number().int().nonnegative(),
  /** Updates done when the snapshot was frozen. */
  update: z.number().int().nonnegative(),
  /** The frozen snapshot the rigger ran against (a weights file). */
  snapshot: z.string(),
  /** The round's curriculum run directory. */
  runDirectory: z.string(),
  accepted: z.array(
    z.object({
      taskId: z.string(),
      candidate: z.string(),
      baselineSuccess: z.number(),
      successRate: z.number(),
      successInterval: z.tuple([z.number(), z.number()]),
      episodes: z.number().int(),
      /** Names of the accepted stack's layers (templates), for reading the round at a glance. */
      layers: z.array(z.string()),
    }),
  ),
  rejected: z.array(z.string()),
  skipped: z.array(z.string()),
  /**
   * Tasks whose episodes in this round showed a reward shortcut (rewarded failures and the
   * call that marks them): from now on they train under the Rules layer refusing that call.
   */
  guarded: z.array(z.string()).default([]),
  /**
   * Whether the round's episodes of all tasks together showed a reward shortcut: then every
   * task without a Rules layer of its own trains under that one.
   */
  guardedEnvWide: z.boolean().default(false),
  /**
   * The tasks this round rigged: the tasks the next block of updates trains on, less those
   * whose kept stack the learner still measures inside the band, sampled down to the round's
   * cap.
   */
  rigged: z.array(z.string()),
  /**
   * Tasks whose stack from an earlier round was kept: the learner's training groups on it still
   * measured inside the band (a trial stack: the rule over its evidence did not place it outside).
   */
  kept: z.array(z.string()).default([]),
  /** Tasks whose stack was dropped: the learner's training groups on it measured outside the band. */
  dropped: z.array(z.string()).default([]),
  /**
   * How the round's candidates were validated: `rigging` (the rigger's own rollouts, up to the
   * rule's cap) or `training` (one probe batch per task under a per-task budget of 2 K; a
   * candidate the probe does not place outside the band trains as a trial stack, and the rule
   * over the learner's own training groups on it calls it in band or drops it).
   */
  validation: z.enum(["rigging", "training"]).default("rigging"),
  /** Candidates of this round training as trial stacks (validation `training`): not yet called in band. */
  trials: z
    .array(
      z.object({
        taskId: z.string(),
        /** The trial's harness stack spec (checked against the stack schema when read back). */
        stack: jsonObjectSchema,
        /** The rigger's probe of it: successes of episodes, on the round's snapshot. */
        successes: z.number().int().nonnegative(),
        episodes: z.number().int().nonnegative(),
        layers: z.array(z.string()),
      }),
    )
    .default([]),
  /**
   * Trial stacks of earlier rounds the decision rule called in band before this round, over
   * the probe and the learner's training groups on them within the staleness allowance.
   */
  validated: z.array(z.string()).default([]),
  /** Rollouts the round's rigging spent (baselines, validations, confirmations): the harness's extra cost. */
  rollouts: z.number().int().nonnegative().default(0),
  /** What the round's rigging spent (rollouts, env steps, wall time, tokens), in total and per accepted env. */
  cost: runCostSchema,
  /** Tasks that train on a stack after this round (accepted or guarded, now or in an earlier round). */
  stackedTasks: z.number().int().nonnegative(),
  durationMs: z.number().nonnegative(),
});
export type CoevolutionRound = z.infer<typeof coevolutionRoundSchema>;
