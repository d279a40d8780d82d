import { z } from "zod";
import { parseWith } from "../../core/validate.js";
import { llmCallSettingsSchema } from "../../llm/llm-call-settings.js";

/** How an LLM policy acts: through the env's tools (function calling) or in text. */
export const llmPolicyModeSchema = z.enum(["tools", "text"]);
/** `tools` (function calling, the default) or `text` (raw text for text-grammar envs). */
export type LlmPolicyMode = z.infer<typeof llmPolicyModeSchema>;

/**
 * The JSON options of an LLM policy:
 * - `name`: the policy's name in results (default: the model spec, e.g. `openai:gpt-4o-mini`);
 * - `mode`: `tools` (the default) binds the env's tools and turns the model's tool call
 *   into an action; `text` binds none, teaches the `<call> TOOL [ARG] </call>` grammar and
 *   returns the model's raw text for the env to parse;
 * - `contextBudgetChars`: the most characters a request's messages may take; older tool
 *   outputs are shortened first, then the oldest turns dropped (system prompt, task and
 *   latest observation are always sent whole);
 * - `skills`: notes (e.g. retrieved skills) rendered as a section of the system prompt;
 * - `settings`: temperature, seed, per-call timeout and retries with backoff
 *   (`outputRetries` is unused: a malformed answer costs a turn instead).
 */
export const llmPolicyOptionsSchema = z.object({
  name: z.string().min(1).optional(),
  mode: llmPolicyModeSchema.default("tools"),
  contextBudgetChars: z.number().int().min(1_000).default(100_000),
  skills: z.array(z.string().min(1)).default([]),
  settings: llmCallSettingsSchema.prefault({}),
});
/** LLM policy options with defaults filled in. */
export type ResolvedLlmPolicyOptions = z.output<typeof llmPolicyOptionsSchema>;
/** LLM policy options as given (every field optional). */
export type LlmPolicyOptionsInput = z.input<typeof llmPolicyOptionsSchema>;

/** Options with defaults filled in; bad values throw `BAD_CONFIG`. Keys outside the schema are ignored. */
export function resolveLlmPolicyOptions(input: LlmPolicyOptionsInput = {}): ResolvedLlmPolicyOptions {
  const { name, mode, contextBudgetChars, skills, settings } = input;
  return parseWith(
    llmPolicyOptionsSchema,
    { name, mode, contextBudgetChars, skills, settings },
    "LLM policy options",
    "BAD_CONFIG",
  );
}
