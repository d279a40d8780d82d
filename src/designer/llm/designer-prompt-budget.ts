import { z } from "zod";
import { parseWith } from "../../core/validate.js";

/** How many characters each part of a designer prompt may take (all default to sensible caps). */
export const designerPromptBudgetSchema = z.object({
  /** The baseline rollouts together. */
  baselineTrajectoryChars: z.number().int().positive().default(40_000),
  /** Earlier attempts together (proposals, issues, statistics, feedback, validation rollouts). */
  attemptChars: z.number().int().positive().default(40_000),
  /** The run's measured table (what earlier tasks of the run measured of each template). */
  runMeasurementChars: z.number().int().positive().default(8_000),
  /** The task instruction. */
  instructionChars: z.number().int().positive().default(6_000),
  /** The tool list (JSON). */
  toolChars: z.number().int().positive().default(12_000),
  /** The harness API declarations. */
  harnessApiChars: z.number().int().positive().default(20_000),
});
/** Prompt budget with defaults filled in. */
export type DesignerPromptBudget = z.output<typeof designerPromptBudgetSchema>;
/** Prompt budget as given (every field optional). */
export type DesignerPromptBudgetInput = z.input<typeof designerPromptBudgetSchema>;

/** A budget with defaults filled in; bad values throw `BAD_CONFIG`. */
export function resolveDesignerPromptBudget(input: DesignerPromptBudgetInput = {}): DesignerPromptBudget {
  return parseWith(designerPromptBudgetSchema, input, "designer prompt budget", "BAD_CONFIG");
}
