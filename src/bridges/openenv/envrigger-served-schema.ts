import { z } from "zod";
import { toolSpecSchema } from "../../core/tool-spec.js";

/** The `x-envrigger` key of an `envrigger serve` action schema (see `src/serve/served-schemas.ts`). */
export const envriggerServedSchemaSchema = z.looseObject({
  version: z.literal(1),
  baseEnv: z.string().min(1),
  tools: z.array(toolSpecSchema),
});
export type EnvriggerServedSchema = z.infer<typeof envriggerServedSchemaSchema>;

/** The part of `/metadata` the bridge reads from `envrigger serve`: the served members. */
export const envriggerServedMetadataSchema = z.looseObject({
  served: z.looseObject({
    members: z.array(z.looseObject({ stack_id: z.string(), task_id: z.string(), group: z.string().nullish() })),
  }),
});

/** What `envrigger serve` sends as the observation object. */
export const envriggerServedObservationSchema = z.looseObject({
  text: z.string(),
  data: z.record(z.string(), z.unknown()).optional(),
  task_id: z.string(),
  stack_id: z.string(),
  max_turns: z.number().int().positive(),
  turn: z.number().int().nonnegative(),
  truncated: z.boolean(),
  stop: z.string().nullable(),
  action_error: z.string().nullable(),
  success: z.boolean().nullable(),
  score: z.number().nullable(),
  public_pass: z.boolean().nullish(),
  submitted: z.boolean().nullish(),
});
export type EnvriggerServedObservation = z.infer<typeof envriggerServedObservationSchema>;
