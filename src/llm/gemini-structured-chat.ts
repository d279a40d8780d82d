import type { z } from "zod";
import { createRng, deriveSeed, type Rng } from "../core/seeding.js";
import { buildGeminiRequest } from "./build-gemini-request.js";
import type { GeminiClient } from "./gemini-client.js";
import { toGeminiJsonSchema } from "./gemini-json-schema.js";
import { resolveLlmCallSettings, type LlmCallSettings, type LlmCallSettingsInput } from "./llm-call-settings.js";
import { readGeminiAnswer } from "./read-gemini-answer.js";
import { runStructuredCall } from "./run-structured-call.js";
import type { ChatMessage, StructuredCallOptions, StructuredChat, StructuredResult } from "./structured-chat.js";

/** Options of {@link GeminiStructuredChat}. */
export interface GeminiStructuredChatOptions {
  settings?: LlmCallSettingsInput;
  /** Environment whose secrets are redacted from messages (default `process.env`). */
  environment?: NodeJS.ProcessEnv;
}

/**
 * {@link StructuredChat} over `@google/genai`: `models.generateContent` with
 * `responseMimeType: "application/json"` and the schema as `responseJsonSchema` (zod 4's
 * `z.toJSONSchema`); the returned text is parsed and validated with zod. The client is
 * injected (a `GoogleGenAI` instance, or a fake with the same `models.generateContent`).
 */
export class GeminiStructuredChat implements StructuredChat {
  readonly provider = "gemini";
  private readonly settings: LlmCallSettings;
  private readonly rng: Rng;

  constructor(
    private readonly client: GeminiClient,
    readonly model: string,
    private readonly options: GeminiStructuredChatOptions = {},
  ) {
    this.settings = resolveLlmCallSettings(options.settings);
    this.rng = createRng(deriveSeed(this.settings.seed ?? 0, "llm-retry-jitter", this.provider, model));
  }

  invoke<T>(
    messages: ChatMessage[],
    schema: z.ZodType<T>,
    options: StructuredCallOptions,
  ): Promise<StructuredResult<T>> {
    const jsonSchema = toGeminiJsonSchema(schema);
    return runStructuredCall(
      {
        provider: this.provider,
        model: this.model,
        settings: this.settings,
        rng: this.rng,
        environment: this.options.environment,
        request: async (conversation, signal) => {
          const request = buildGeminiRequest({
            model: this.model,
            messages: conversation,
            jsonSchema,
            name: options.name,
            description: options.description,
            settings: this.settings,
            seed: options.seed,
            signal,
          });
          return readGeminiAnswer(await this.client.models.generateContent(request));
        },
      },
      messages,
      schema,
      options,
    );
  }
}
