import { z } from "zod";
import { integer, MAX_COUNT, shapeOf } from "../core/setting.js";

/**
 * The settings of measuring a stored candidate on fresh rollouts (`envrigger measure`),
 * declared once. Its seed defaults to 1, so its rollouts never repeat a run's (seed 0 by default).
 */
export const measureSettingTable = {
  episodes: integer({
    flag: "--episodes",
    help: "fresh rollouts of the candidate",
    minimum: 1,
    maximum: MAX_COUNT,
    default: 10,
  }),
  seed: integer({
    flag: "--seed",
    value: "<s>",
    help: "seed (fresh rollouts: never the rig run's seeds)",
    minimum: 0,
    maximum: 2 ** 32 - 1,
    default: 1,
  }),
} as const;

/** The measure command's settings, with their limits and defaults. */
export const measureSettingsSchema = z.object(shapeOf(measureSettingTable));
