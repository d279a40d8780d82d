import { z } from "zod";

/**
 * What an LLM designer's `diagnosis` call must return (validated with zod; it matches the
 * `Diagnosis` interface of `designer.ts`).
 */
export const diagnosisOutputSchema = z.object({
  text: z
    .string()
    .min(1)
    .describe(
      "The diagnosis: can the policy solve the task, how, in how many turns, what goes wrong; cite the statistics.",
    ),
  weaknesses: z
    .array(
      z.object({
        id: z.string().min(1).max(80).describe("A short kebab-case id, e.g. skips-verification."),
        evidence: z.string().min(1).describe("One sentence naming the weakness and citing numbers."),
        severity: z.number().min(0).max(1).describe("0..1: how strongly the data shows it."),
      }),
    )
    .max(12)
    .describe("Weaknesses found, most important first."),
  direction: z.enum(["easier", "harder", "target-weakness"]).describe("Which way the environment must move."),
});
/** A validated diagnosis answer. */
export type DiagnosisOutput = z.infer<typeof diagnosisOutputSchema>;
