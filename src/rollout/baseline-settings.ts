import { z } from "zod";
import { integer, MAX_COUNT, type Setting, shapeOf } from "../core/setting.js";
import { splitSelectionSchema } from "../core/task.js";

/**
 * The settings of a baseline (`envrigger baseline`: a policy on every task of a split),
 * declared once: the CLI's options, their help and their defaults are read from here. The
 * split row is also the curriculum's.
 */
export const baselineSettingTable = {
  split: {
    flag: "--split",
    value: "<split>",
    help: "train | heldout | all",
    kind: "choice",
    choices: splitSelectionSchema.options,
    default: "train",
    schema: splitSelectionSchema.default("train"),
  } satisfies Setting,
  episodes: integer({ flag: "--episodes", help: "episodes per task", minimum: 1, maximum: MAX_COUNT, default: 10 }),
  seed: integer({ flag: "--seed", value: "<s>", help: "run seed", minimum: 0, maximum: 2 ** 32 - 1, default: 0 }),
  groupBy: {
    flag: "--group-by",
    value: "<key>",
    help: "byGroup keyed by the task's group or by task id: group | task",
    kind: "choice",
    choices: ["group", "task"],
    default: "group",
    schema: z.enum(["group", "task"]).default("group"),
  } satisfies Setting,
} as const;

/** A baseline's settings, with their limits and defaults. */
export const baselineSettingsSchema = z.object(shapeOf(baselineSettingTable));
