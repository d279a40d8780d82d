import { z } from "zod";
import { targetSchema } from "../designer/target.js";
import { harnessStackSpecSchema } from "../harness/harness-stack-spec.js";

const statsSchema = z.record(z.string(), z.unknown());

/**
 * One line of `envrigger export --format corpus`: an accepted stack with what it was
 * validated for. `envrigger serve --candidates <file.jsonl>` serves every line; external
 * trainers read `stack` (rebuild it with `buildStack`) and the statistics.
 */
export const corpusLineSchema = z.object({
  version: z.literal(1),
  candidateId: z.string().min(1),
  envId: z.string().min(1),
  taskId: z.string().min(1),
  stack: harnessStackSpecSchema,
  target: targetSchema,
  /** The baseline's statistics (the unmodified env) as the rig run measured them. */
  baseline: statsSchema,
  /** The validation rollouts' statistics of the accepted stack. */
  validation: statsSchema,
  /** envrigger's version that validated it. */
  packageVersion: z.string(),
  designer: z.string(),
  policy: z.string(),
});
export type CorpusLine = z.infer<typeof corpusLineSchema>;
