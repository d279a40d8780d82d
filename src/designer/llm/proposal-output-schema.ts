import { z } from "zod";
import { actionInputSchema } from "../../core/action.js";

/**
 * What an LLM designer's `proposal` call must return: the fields of `candidateProposalSchema`
 * a model writes (layers and rationale, with the same limits), with descriptions for the
 * model. The result is validated again with `candidateProposalSchema` before it is used.
 */
export const proposalOutputSchema = z.object({
  rationale: z
    .string()
    .min(1)
    .describe(
      "Why this candidate moves the statistics toward the target; cite numbers; when refining, what was kept and what was tuned.",
    ),
  layers: z
    .array(
      z.discriminatedUnion("kind", [
        z
          .object({
            kind: z.literal("setup"),
            actions: z
              .array(actionInputSchema)
              .min(1)
              .max(64)
              .describe(
                "Actions replayed after reset: {name, args} tool calls, or raw text for text-grammar environments.",
              ),
          })
          .describe("A Setup: changes the start state; must not solve the task."),
        z
          .object({
            kind: z.literal("rules"),
            name: z.string().optional().describe("A short label."),
            source: z.string().min(1).max(32_768).describe("TypeScript module written against the harness API."),
          })
          .describe("A Rules component: hooks that filter actions, modify transitions, filter observations."),
      ]),
    )
    .min(1)
    .max(8)
    .describe("Components, innermost first."),
  template: z
    .string()
    .min(1)
    .optional()
    .describe("A short stable name for the kind of perturbation (the same name on every task of the run)."),
  knob: z
    .object({
      name: z.string().min(1).describe("The magnitude's name, e.g. `probability` or `turnLimit`."),
      value: z.number().describe("Its value in this candidate."),
      neutral: z.number().describe("The value at which the perturbation changes nothing."),
      strongest: z.number().describe("The value of its strongest effect."),
    })
    .optional()
    .describe(
      "The one magnitude this candidate is tuned by: later tasks of the run see what it measured (with `template`).",
    ),
});
/** A validated proposal answer. */
export type ProposalOutput = z.infer<typeof proposalOutputSchema>;
