import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { z } from "zod";
import { createRng, deriveSeed, type Rng } from "../core/seeding.js";
import { resolveLlmCallSettings, type LlmCallSettings, type LlmCallSettingsInput } from "./llm-call-settings.js";
import { readToolCallAnswer } from "./read-tool-call-answer.js";
import { runStructuredCall } from "./run-structured-call.js";
import type { ChatMessage, StructuredCallOptions, StructuredChat, StructuredResult } from "./structured-chat.js";
import { toLangChainMessages } from "./to-langchain-messages.js";

/** Options of {@link LangChainStructuredChat}. */
export interface LangChainStructuredChatOptions {
  /** Provider label for messages (default: the model's LangChain type). */
  provider?: string;
  /** Model label for messages (default: the chat model's `model` field, or `injected`). */
  model?: string;
  settings?: LlmCallSettingsInput;
  /** Environment whose secrets are redacted from messages (default `process.env`). */
  environment?: NodeJS.ProcessEnv;
}

/**
 * {@link StructuredChat} over any LangChain chat model (`ChatOpenAI`, or an injected
 * `BaseChatModel` such as the scripted test model). Uses
 * `withStructuredOutput(schema, { method: "functionCalling", includeRaw: true })` — strict
 * JSON-schema mode rejects open-ended records — and reads the answer and the usage from the
 * raw message. The seed (the call's, else the settings') is passed as the `seed` call option,
 * which `ChatOpenAI` sends; temperature is the model's own setting (set when constructing it).
 */
export class LangChainStructuredChat implements StructuredChat {
  readonly provider: string;
  readonly model: string;
  private readonly settings: LlmCallSettings;
  private readonly rng: Rng;

  constructor(
    private readonly chatModel: BaseChatModel,
    private readonly options: LangChainStructuredChatOptions = {},
  ) {
    this.settings = resolveLlmCallSettings(options.settings);
    this.provider = options.provider ?? chatModel._llmType();
    const modelField = (chatModel as unknown as { model?: unknown }).model;
    this.model = options.model ?? (typeof modelField === "string" ? modelField : "injected");
    this.rng = createRng(deriveSeed(this.settings.seed ?? 0, "llm-retry-jitter", this.provider, this.model));
  }

  invoke<T>(
    messages: ChatMessage[],
    schema: z.ZodType<T>,
    options: StructuredCallOptions,
  ): Promise<StructuredResult<T>> {
    const described = options.description === undefined ? schema : schema.describe(options.description);
    const runnable = this.chatModel.withStructuredOutput(described as unknown as Record<string, unknown>, {
      name: options.name,
      method: "functionCalling",
      includeRaw: true,
    });
    return runStructuredCall(
      {
        provider: this.provider,
        model: this.model,
        settings: this.settings,
        rng: this.rng,
        environment: this.options.environment,
        request: async (conversation, signal) => {
          const seed = options.seed ?? this.settings.seed;
          const config: RunnableConfig & { seed?: number } = seed === undefined ? { signal } : { signal, seed };
          const output = await runnable.invoke(toLangChainMessages(conversation), config);
          return readToolCallAnswer(output.raw, options.name);
        },
      },
      messages,
      schema,
      options,
    );
  }
}
