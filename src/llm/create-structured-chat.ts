import { createChatModel } from "./create-chat-model.js";
import { resolveLlmCallSettings, type LlmCallSettingsInput } from "./llm-call-settings.js";
import { ModelStructuredChat } from "./model-structured-chat.js";
import { parseModelSpec, type ModelSpec } from "./model-spec.js";
import type { StructuredChat } from "./structured-chat.js";

/** Options of {@link createStructuredChat}. */
export interface CreateStructuredChatOptions {
  settings?: LlmCallSettingsInput;
  /** Where keys and URLs are read from (default `process.env`); configuration comes from nowhere else. */
  environment?: NodeJS.ProcessEnv;
}

/**
 * A {@link StructuredChat} for a model spec (`openai:<model>` or `gemini:<model>`): a
 * {@link ModelStructuredChat} over the spec's chat model (`createChatModel`: `ChatOpenAI`
 * with `OPENAI_API_KEY` and optional `OPENAI_BASE_URL`, temperature and seed passed on; or
 * `@google/genai` with `GEMINI_API_KEY`), configured from the environment only.
 * Throws `BAD_ARGUMENT` for a bad spec, `MISSING_SECRET` for a missing key, `BAD_CONFIG` for
 * bad settings. Nothing is sent until the first `invoke`.
 */
export function createStructuredChat(
  spec: string | ModelSpec,
  options: CreateStructuredChatOptions = {},
): StructuredChat {
  const modelSpec = typeof spec === "string" ? parseModelSpec(spec) : spec;
  const environment = options.environment ?? process.env;
  const settings = resolveLlmCallSettings(options.settings);
  return new ModelStructuredChat(createChatModel(modelSpec, { settings, environment }), { settings, environment });
}
