import { z } from "zod";
import { jsonObjectSchema } from "../core/json.js";
import { DEFAULT_TARGET, targetSchema } from "../designer/target.js";
import { rigSettingsSchema } from "../rigger/rig-settings.js";
import { grpoConfigSchema } from "./grpo-config.js";
import { trainingSettingTable } from "./training-settings.js";

/** The co-evolution source's settings (`--source coevolve`). */
export const coevolveSourceSchema = rigSettingsSchema
  .pick({ designer: true, k: true, kMax: true, confidence: true, confirmationEpisodes: true, revisions: true })
  .extend({
    kind: z.literal("coevolve"),
    /** Re-rig every this many updates (M). */
    every: trainingSettingTable.every.schema,
    target: targetSchema.default(DEFAULT_TARGET),
    /**
     * At most this many tasks rigged per round: a seeded sample of the tasks the next block of
     * `every` updates trains on that have no stack the learner still measures in band.
     */
    roundTasks: trainingSettingTable.roundTasks.schema,
    /**
     * How a round's candidates are validated (`CoevolutionOptions.validation`): `rigging` (the
     * rigger's rollouts, as every run before it) or `training` (a 2 K probe per task, then the
     * rule over the learner's own training groups on the trial stack).
     */
    validation: trainingSettingTable.validation.schema,
  });

export type CoevolveSourceInput = z.input<typeof coevolveSourceSchema>;

/** Where a training run's episodes come from. */
export const trainingSourceSpecSchema = z.union([
  z.object({ kind: z.literal("original") }),
  z.object({ kind: z.literal("stacks"), path: z.string().min(1) }),
  /** Reverse curriculum: start states replayed from the env demonstrator's solution at uniformly random depth. */
  z.object({ kind: z.literal("reverse") }),
  /**
   * Online difficulty filtering with refill on the original env: groups whose rewards are all
   * equal are dropped and replaced by further draws, up to `drawFactor` × tasks per update groups.
   */
  z.object({ kind: z.literal("filtered"), drawFactor: z.number().min(1).max(64).default(4) }),
  coevolveSourceSchema,
]);
export type TrainingSourceSpec = z.infer<typeof trainingSourceSpecSchema>;

/** A training run's configuration, `runs/<id>/training.json` (a resumed run reads it back). */
export const trainingRunConfigSchema = z.object({
  runId: z.string(),
  env: z.string(),
  envOptions: jsonObjectSchema.default({}),
  /** The starting policy: `learned:init` or `learned:<weights.json>`. */
  policy: z.string(),
  source: trainingSourceSpecSchema,
  rewardSource: z.enum(["evaluation", "env"]),
  grpo: grpoConfigSchema,
  /**
   * Stop once this many rollouts are spent in all — training groups, groups filtered out, and
   * co-evolution's rigging — or after `grpo.updates`, whichever comes first (absent: updates only).
   */
  totalRollouts: z.number().int().min(1).optional(),
  /**
   * Train on this split's tasks instead of `train` (a learnability ceiling trains on the
   * held-out tasks themselves; default `train`).
   */
  trainSplit: z.enum(["train", "heldout"]).default("train"),
  evaluation: z.object({
    /** Evaluate every this many updates (and before the first and after the last). */
    every: trainingSettingTable.evalEvery.schema,
    /** Episodes per held-out task per evaluation. */
    episodes: trainingSettingTable.evalEpisodes.schema,
    split: z.enum(["heldout", "train"]).default("heldout"),
    /** Evaluate on a fixed seeded sample of this many tasks of the split (the same for every seed and arm); absent: all. */
    tasks: z.number().int().min(1).optional(),
  }),
});
export type TrainingRunConfig = z.infer<typeof trainingRunConfigSchema>;
export type TrainingRunConfigInput = z.input<typeof trainingRunConfigSchema>;

/** Parse a `--source` value: `original`, `coevolve`, `reverse`, `filtered` or `stacks:<path>`. */
export function parseSourceSpec(
  text: string,
):
  | { kind: "original" }
  | { kind: "stacks"; path: string }
  | { kind: "coevolve" }
  | { kind: "reverse" }
  | { kind: "filtered" }
  | null {
  if (text === "original" || text === "coevolve" || text === "reverse" || text === "filtered") return { kind: text };
  if (text.startsWith("stacks:") && text.length > "stacks:".length)
    return { kind: "stacks", path: text.slice("stacks:".length) };
  return null;
}
