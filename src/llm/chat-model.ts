import type { z } from "zod";
import type { ToolSpec } from "../core/tool-spec.js";
import type { ChatMessage, ToolCall } from "./chat-message.js";
import type { TokenUsage } from "./token-usage.js";

/** A tool call the model attempted whose arguments could not be read as a JSON object. */
export interface InvalidToolCall {
  /** The tool it named (`""` when the provider did not say). */
  name: string;
  /** The arguments as the model wrote them. */
  argumentsText: string;
  /** What was wrong, in words. */
  problem: string;
}

/** A structured answer the model must give: a value matching `schema`, named `name`. */
export interface ChatAnswerRequest {
  /** The answer's name: the function the model calls (letters, digits, `_`, `-`). */
  name: string;
  /** What the answer is, shown to the model next to the schema. */
  description?: string;
  schema: z.ZodType;
}

interface ChatRequestBase {
  messages: ChatMessage[];
  /** The sampling seed, passed where the provider supports it. */
  seed?: number;
  /** The sampling temperature, passed where the provider takes it per request (Gemini). */
  temperature?: number;
}

/**
 * One request: the conversation, and either the tools the model may call (empty: none
 * bound, a plain text answer) or a structured answer it must give.
 */
export type ChatRequest = ChatRequestBase &
  ({ tools: ToolSpec[]; answer?: undefined } | { answer: ChatAnswerRequest; tools?: undefined });

/** What a response offered as the structured answer, before schema validation. */
export type StructuredCandidate = { ok: true; value: unknown } | { ok: false; problem: string };

/** What a provider's answer reader makes of one response: the candidate answer and its usage. */
export interface StructuredReply {
  candidate: StructuredCandidate;
  usage: TokenUsage;
}

/** What one provider response said: an assistant turn and its usage. */
export interface ChatReply {
  /** The answer's text (thoughts excluded); `""` when there is none. */
  text: string;
  /** Tool calls with JSON-object arguments, in the order the model made them. */
  toolCalls: ToolCall[];
  /** Tool calls whose arguments were malformed. */
  invalidToolCalls: InvalidToolCall[];
  usage: TokenUsage;
  /** When the request asked for an answer: the answer the response offered, or what was wrong with it. */
  answer?: StructuredCandidate;
}

/**
 * The one LLM provider port of envrigger, used by the LLM policy, the LLM designers and the
 * skill extractors: one request in, one reply out, nothing else (no retries, no timeout —
 * callers add both with `callProvider`). Adapters: `LangChainChatModel` (any LangChain chat
 * model, `ChatOpenAI` included) and `GeminiChatModel` (`@google/genai`); `createChatModel`
 * builds one for a model spec.
 */
export interface ChatModel {
  /** `openai`, `gemini`, or a label of an injected model (used in error messages). */
  readonly provider: string;
  readonly model: string;
  /** Send one request; reject on provider failure (the signal fires on timeout). */
  complete(request: ChatRequest, signal: AbortSignal): Promise<ChatReply>;
}
