import type { z } from "zod";
import type { ChatMessage } from "./chat-message.js";
import type { TokenUsage } from "./token-usage.js";

/** Options of one {@link StructuredChat.invoke}. */
export interface StructuredCallOptions {
  /** The name of the structured answer: the function the model calls (letters, digits, `_`, `-`). */
  name: string;
  /** What the answer is, shown to the model next to the schema. */
  description?: string;
  /** The error code raised when no valid answer came (missing, malformed, or failing the schema). */
  outputErrorCode: "DESIGNER_OUTPUT" | "POLICY_OUTPUT";
  /** Sampling seed of this call (overrides the settings' seed); passed where the provider supports it. */
  seed?: number;
  /** Told the usage of every provider response, including ones that were then rejected. */
  onUsage?: (usage: TokenUsage) => void;
}

/** A validated structured answer and what it cost. */
export interface StructuredResult<T> {
  value: T;
  /** Usage of every response this call consumed (rejected answers included). */
  usage: TokenUsage;
  /** Answers consumed: 1, plus one per invalid answer that was asked again (provider retries not counted). */
  responses: number;
}

/**
 * A chat model that answers with a value matching a zod schema (`ModelStructuredChat` over
 * any `ChatModel`, or a test double). Implementations retry
 * retryable provider failures with backoff, ask again after invalid answers, validate the
 * answer with the schema, and raise only `EnvriggerError`s whose messages hold no secrets:
 * `PROVIDER` for provider failures, `options.outputErrorCode` for invalid answers.
 */
export interface StructuredChat {
  /** `openai`, `gemini`, or the LangChain model type of an injected model. */
  readonly provider: string;
  readonly model: string;
  invoke<T>(
    messages: ChatMessage[],
    schema: z.ZodType<T>,
    options: StructuredCallOptions,
  ): Promise<StructuredResult<T>>;
}
