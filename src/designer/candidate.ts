import { z } from "zod";
import { actionInputSchema } from "../core/action.js";
import { jsonObjectSchema } from "../core/json.js";
import { setupPrefixesSchema } from "../harness/harness-stack-spec.js";

/** One component of a candidate: a Setup (actions replayed after reset) or a Rules source. */
export const candidateLayerSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("setup"),
    actions: z.array(actionInputSchema).min(1).max(64),
    /** Per episode, replay only a prefix of `actions` (see `setupPrefixesSchema`). */
    prefixes: setupPrefixesSchema.optional(),
  }),
  z.object({ kind: z.literal("rules"), source: z.string().min(1).max(32_768), name: z.string().optional() }),
]);
export type CandidateLayer = z.infer<typeof candidateLayerSchema>;

/**
 * What a designer writes: components applied innermost first on top of the base env,
 * accepted or rejected as a whole, with the designer's rationale.
 */
export const candidateProposalSchema = z.object({
  layers: z.array(candidateLayerSchema).min(1).max(8),
  rationale: z.string(),
  /** The template and parameters that produced it (heuristic designer), for refinement. */
  template: z.string().optional(),
  parameters: jsonObjectSchema.optional(),
});
export type CandidateProposal = z.infer<typeof candidateProposalSchema>;
