import { z } from "zod";

/**
 * What the run measured on an earlier task: one candidate of a template — its knob's value and
 * where that lies from the knob's neutral value (0) to its strongest (1) on that task — with
 * the task's baseline success rate and the candidate's validation (successes of episodes).
 * Recorded for candidates of one template alone (no base layer under it) that ran and changed
 * something. The evidence a run's later tasks aim their first candidates from.
 */
export const runMeasurementSchema = z.object({
  taskId: z.string(),
  /** Which way that task had to move (its diagnosis): the templates of the two directions act on opposite shares. */
  direction: z.enum(["easier", "harder", "target-weakness"]),
  template: z.string(),
  knob: z.string(),
  value: z.number(),
  position: z.number(),
  baselineRate: z.number().min(0).max(1),
  successes: z.number().int().nonnegative(),
  episodes: z.number().int().positive(),
});
export type RunMeasurement = z.infer<typeof runMeasurementSchema>;
