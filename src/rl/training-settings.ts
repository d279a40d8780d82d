import { z } from "zod";
import { integer, type Setting, shapeOf, text } from "../core/setting.js";
import { rigSettingTable } from "../rigger/rig-settings.js";

/** How a co-evolution round's candidates are validated (`--validation`). */
export const coevolutionValidations = ["rigging", "training"] as const;

/** The env rewards `--reward` can train on instead of the env's verdict. */
export const trainingRewards = ["hidden", "public"] as const;

/**
 * The settings of training — `train`, and each arm of an `experiment` — declared once: the
 * CLI's options, the training and experiment configurations (`training.json`,
 * `experiment.json`) and the docs' flag table read this table. `--seed` is the rig's row.
 * A field is named after its flag; the configurations keep their own names for three
 * (`--eval-every` is `evaluation.every`, `--eval-episodes` `evaluation.episodes`, `--every`
 * the co-evolution source's `every`).
 */
export const trainingSettingTable = {
  policy: text(
    {
      flag: "--policy",
      value: "<policy>",
      help: "learned:init or learned:<weights.json>",
      default: "learned:init",
    },
    z.string().min(1).default("learned:init"),
  ),
  source: text(
    {
      flag: "--source",
      value: "<source>",
      help: "original | stacks:<dir> (a curriculum run, or a candidates directory of one env) | coevolve",
      default: "original",
    },
    z.string().min(1).default("original"),
  ),
  seed: rigSettingTable.seed,
  updates: integer({
    flag: "--updates",
    help: "policy updates (per arm and seed in an experiment)",
    minimum: 1,
    maximum: 100_000,
    default: 30,
  }),
  group: integer({ flag: "--group", help: "rollouts per task per update (G)", minimum: 2, maximum: 1_024, default: 8 }),
  tasksPerUpdate: integer({
    flag: "--tasks-per-update",
    help: "train tasks sampled per update",
    minimum: 1,
    maximum: 10_000,
    default: 10,
  }),
  every: integer({
    flag: "--every",
    help: "co-evolution (the harness arm): re-rig against a snapshot every n updates",
    minimum: 1,
    maximum: 100_000,
    default: 10,
  }),
  roundTasks: integer({
    flag: "--round-tasks",
    help: "co-evolution: at most n tasks rigged per round (a seeded sample of the next block's tasks without an in-band stack)",
    minimum: 1,
    maximum: 100_000,
    default: 24,
  }),
  validation: {
    flag: "--validation",
    value: "<how>",
    help: "co-evolution: validate candidates by the rigger's rollouts (rigging) or by the learner's training groups after a 2 K probe (training)",
    kind: "choice",
    choices: coevolutionValidations,
    default: "rigging" as const,
    schema: z.enum(coevolutionValidations).default("rigging"),
  } satisfies Setting,
  evalEvery: integer({
    flag: "--eval-every",
    help: "held-out evaluation every n updates",
    minimum: 1,
    maximum: 100_000,
    default: 5,
  }),
  evalEpisodes: integer({
    flag: "--eval-episodes",
    help: "episodes per held-out task per evaluation",
    minimum: 1,
    maximum: 100_000,
    default: 10,
  }),
  reward: {
    flag: "--reward",
    value: "<reward>",
    help: "train on the env's reward of this name (hidden | public) instead of its verdict",
    kind: "choice",
    choices: trainingRewards,
    schema: z.enum(trainingRewards).optional(),
  } satisfies Setting,
} as const;

/** The training settings, with their limits and defaults. */
export const trainingSettingsSchema = z.object(shapeOf(trainingSettingTable));
/** The training settings with their defaults applied. */
export type TrainingSettings = z.infer<typeof trainingSettingsSchema>;
