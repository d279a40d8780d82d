import type { z } from "zod";
import { EnvriggerError } from "../core/errors.js";
import { createRng, deriveSeed, type Rng } from "../core/seeding.js";
import type { ChatMessage } from "./chat-message.js";
import type { ChatAnswerRequest, ChatModel } from "./chat-model.js";
import { resolveLlmCallSettings, type LlmCallSettings, type LlmCallSettingsInput } from "./llm-call-settings.js";
import { runStructuredCall } from "./run-structured-call.js";
import type { StructuredCallOptions, StructuredChat, StructuredResult } from "./structured-chat.js";

/** Options of {@link ModelStructuredChat}. */
export interface ModelStructuredChatOptions {
  settings?: LlmCallSettingsInput;
  /** Environment whose secrets are redacted from messages (default `process.env`). */
  environment?: NodeJS.ProcessEnv;
}

/**
 * The {@link StructuredChat} over a {@link ChatModel} (the one provider port): each
 * request asks for the structured answer (`ChatRequest.answer`) with the settings'
 * temperature and the call's seed (else the settings'); {@link runStructuredCall} adds the
 * timeout, the retries with seeded backoff, the schema validation and the re-asks.
 */
export class ModelStructuredChat implements StructuredChat {
  readonly provider: string;
  readonly model: string;
  private readonly settings: LlmCallSettings;
  private readonly rng: Rng;

  constructor(
    private readonly chatModel: ChatModel,
    private readonly options: ModelStructuredChatOptions = {},
  ) {
    this.settings = resolveLlmCallSettings(options.settings);
    this.provider = chatModel.provider;
    this.model = chatModel.model;
    this.rng = createRng(deriveSeed(this.settings.seed ?? 0, "llm-retry-jitter", this.provider, this.model));
  }

  invoke<T>(
    messages: ChatMessage[],
    schema: z.ZodType<T>,
    options: StructuredCallOptions,
  ): Promise<StructuredResult<T>> {
    const answer: ChatAnswerRequest = {
      name: options.name,
      schema,
      ...(options.description === undefined ? {} : { description: options.description }),
    };
    const seed = options.seed ?? this.settings.seed;
    const sampling = {
      ...(seed === undefined ? {} : { seed }),
      ...(this.settings.temperature === undefined ? {} : { temperature: this.settings.temperature }),
    };
    return runStructuredCall(
      {
        provider: this.provider,
        model: this.model,
        settings: this.settings,
        rng: this.rng,
        environment: this.options.environment,
        request: async (conversation, signal) => {
          const reply = await this.chatModel.complete({ messages: conversation, answer, ...sampling }, signal);
          if (reply.answer === undefined)
            throw new EnvriggerError("INTERNAL", `the ${this.provider} chat model returned no structured answer`);
          return { candidate: reply.answer, usage: reply.usage };
        },
      },
      messages,
      schema,
      options,
    );
  }
}
