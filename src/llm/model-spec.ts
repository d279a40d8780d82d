import { z } from "zod";
import { EnvriggerError } from "../core/errors.js";

/** The LLM providers envrigger can talk to. */
export const llmProviderSchema = z.enum(["openai", "gemini"]);
/** A provider name. */
export type LlmProvider = z.infer<typeof llmProviderSchema>;

/** A parsed model spec: which provider, which model. */
export const modelSpecSchema = z.object({
  provider: llmProviderSchema,
  model: z.string().min(1),
});
/** A parsed model spec. */
export type ModelSpec = z.infer<typeof modelSpecSchema>;

/** The accepted spellings, shown in errors and help texts. */
export const MODEL_SPEC_FORMS = [
  "openai:<model>   (OpenAI, or any OpenAI-compatible server via OPENAI_BASE_URL: vLLM, Ollama, llama.cpp)",
  "gemini:<model>   (Google Gemini via @google/genai)",
] as const;

/**
 * Parse a model spec such as `openai:gpt-4o-mini` or `gemini:gemini-2.5-flash`. The model
 * name may itself contain colons (e.g. Ollama's `openai:qwen2.5:7b`). A bad spec throws
 * `BAD_ARGUMENT` listing the accepted forms.
 */
export function parseModelSpec(spec: string): ModelSpec {
  const separator = spec.indexOf(":");
  const provider = separator < 0 ? "" : spec.slice(0, separator).trim().toLowerCase();
  const model = separator < 0 ? "" : spec.slice(separator + 1).trim();
  const parsed = modelSpecSchema.safeParse({ provider, model });
  if (!parsed.success) {
    throw new EnvriggerError("BAD_ARGUMENT", `unknown model spec ${JSON.stringify(spec)}`, {
      hint: `use one of:\n    ${MODEL_SPEC_FORMS.join("\n    ")}`,
    });
  }
  return parsed.data;
}

/** The spec text of a parsed spec (`provider:model`). */
export function formatModelSpec(spec: ModelSpec): string {
  return `${spec.provider}:${spec.model}`;
}
