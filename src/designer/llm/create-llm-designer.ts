import { createStructuredChat } from "../../llm/create-structured-chat.js";
import { formatModelSpec, parseModelSpec } from "../../llm/model-spec.js";
import { LlmDesigner, type LlmDesignerOptions } from "./llm-designer.js";

/** Options of {@link createLlmDesigner}. */
export interface CreateLlmDesignerOptions extends LlmDesignerOptions {
  /** Where keys and URLs are read from (default `process.env`); configuration comes from nowhere else. */
  environment?: NodeJS.ProcessEnv;
}

/**
 * An {@link LlmDesigner} for `openai:<model>` (OpenAI or any OpenAI-compatible server via
 * `OPENAI_BASE_URL`) or `gemini:<model>`, configured from the environment only. Throws
 * `BAD_ARGUMENT` for a bad spec and `MISSING_SECRET` for a missing key, before any call.
 */
export function createLlmDesigner(spec: string, options: CreateLlmDesignerOptions = {}): LlmDesigner {
  const modelSpec = parseModelSpec(spec);
  const chat = createStructuredChat(modelSpec, { settings: options.settings, environment: options.environment });
  return new LlmDesigner(chat, { ...options, name: options.name ?? `llm:${formatModelSpec(modelSpec)}` });
}
