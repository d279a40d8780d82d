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

/** A template's knob as a proposal records it (see `CandidateProposal.knob`). */
export const candidateKnobSchema = z.object({
  name: z.string().min(1),
  value: z.number(),
  neutral: z.number(),
  strongest: z.number(),
});
export type CandidateKnob = z.infer<typeof candidateKnobSchema>;

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
  /**
   * The knob the template was set by on this task, when the template stands alone (no other
   * template's layers under it): its name (a key of `parameters`), its value, and its neutral
   * (no effect) and strongest values here. What the run's later tasks aim from (see `RunMeasurement`).
   */
  knob: candidateKnobSchema.optional(),
  /**
   * The designer's declaration that this candidate is one point of a mixture experiment: its
   * perturbation is switched on per episode with probability `share` (decided once per
   * episode), and candidates with the same `experiment` differ in `share` only, so the
   * success rate is (1 − share)·off + share·on and the rule pools every episode measured on
   * the experiment. `offIsBaseline`: with the perturbation off, the stack behaves like the
   * unmodified env (no other layer), so the baseline's episodes are the point at share 0.
   * The draw is read per episode from the Rules layer named `layer`: its memory entry
   * `switch` (see `LayerTrace.switches`); the rule pools only while the draws come out at
   * the declared shares and the off episodes agree across candidates.
   */
  mixture: z
    .object({
      experiment: z.string().min(1),
      share: z.number().min(0).max(1),
      offIsBaseline: z.boolean(),
      layer: z.string().min(1),
      switch: z.string().min(1),
    })
    .optional(),
});
export type CandidateProposal = z.infer<typeof candidateProposalSchema>;
