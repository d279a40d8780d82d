import { z } from "zod";
import { integer, type Setting, shapeOf } from "../core/setting.js";
import { DEFAULT_EXPERIMENT_ARMS, EXPERIMENT_ARMS } from "./experiment-arm.js";

/**
 * The settings only an experiment has — how many seeds, which arms, at what total budget —
 * declared once; the training settings of each arm are `trainingSettingTable`'s (`training-settings.ts`).
 */
export const experimentSettingTable = {
  seeds: integer({ flag: "--seeds", help: "seeds (each trains every arm)", minimum: 1, maximum: 100, default: 3 }),
  arms: {
    flag: "--arms",
    value: "<list>",
    help: `arms to run, comma-separated: ${EXPERIMENT_ARMS.join(", ")}`,
    kind: "list",
    defaultText: DEFAULT_EXPERIMENT_ARMS.join(","),
    schema: z
      .array(z.enum(EXPERIMENT_ARMS))
      .min(1)
      .default([...DEFAULT_EXPERIMENT_ARMS]),
  } satisfies Setting,
  totalRollouts: integer({
    flag: "--total-rollouts",
    help: "every arm's total rollouts per seed (training + filtering + rigging): arms compared at equal total budget",
    minimum: 1,
    maximum: 1_000_000_000,
  }),
} as const;

/** The experiment's own settings, with their limits and defaults. */
export const experimentSettingsSchema = z.object(shapeOf(experimentSettingTable));
