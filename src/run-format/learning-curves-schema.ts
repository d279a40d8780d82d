import { z } from "zod";

/**
 * `runs/<id>/curves.json`, written by runs that train (experiment runs): named series of
 * (step, value) points, e.g. success rate or reward per training step. The report charts
 * it when present.
 */
export const learningCurvesSchema = z.object({
  series: z.array(
    z.object({
      name: z.string().min(1),
      points: z.array(
        z.object({
          step: z.number().refine(Number.isFinite, "steps must be finite"),
          value: z.number().refine(Number.isFinite, "values must be finite"),
        }),
      ),
    }),
  ),
});
export type LearningCurves = z.infer<typeof learningCurvesSchema>;
