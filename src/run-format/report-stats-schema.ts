import { z } from "zod";

/**
 * The part of a batch's `RolloutStats` the report reads back from a run's checkpoints:
 * success with its 95% Wilson interval, mean turns and the stop-reason histogram.
 */
export const reportStatsSchema = z.object({
  episodes: z.number().int().nonnegative(),
  /** Episodes that ended in an error, counted apart. */
  errored: z.number().int().nonnegative(),
  successes: z.number().int().nonnegative(),
  successRate: z.number(),
  successInterval: z.tuple([z.number(), z.number()]),
  meanTurns: z.number(),
  stopReasons: z.record(z.string(), z.number()),
});
export type ReportStats = z.infer<typeof reportStatsSchema>;
