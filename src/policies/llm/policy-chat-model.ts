import type { ToolSpec } from "../../core/tool-spec.js";
import type { TokenUsage } from "../../llm/token-usage.js";
import type { PolicyMessage, PolicyToolCall } from "./policy-message.js";

/** A tool call the model attempted whose arguments could not be read as a JSON object. */
export interface InvalidToolCall {
  /** The tool it named (`""` when the provider did not say). */
  name: string;
  /** The arguments as the model wrote them. */
  argumentsText: string;
  /** What was wrong, in words. */
  problem: string;
}

/** One request of a policy: the conversation so far and the tools the model may call. */
export interface PolicyModelRequest {
  messages: PolicyMessage[];
  /** The env's tools, offered as function tools; empty in text mode (no tools bound). */
  tools: ToolSpec[];
  /** The sampling seed, passed where the provider supports it. */
  seed: number;
  /** The sampling temperature, passed where the provider takes it per request (Gemini). */
  temperature?: number;
}

/** What one provider response said, before the policy decides on an action. */
export interface PolicyModelReply {
  /** The answer's text (thoughts excluded); `""` when there is none. */
  text: string;
  /** Tool calls with JSON-object arguments, in the order the model made them. */
  toolCalls: PolicyToolCall[];
  /** Tool calls whose arguments were malformed. */
  invalidToolCalls: InvalidToolCall[];
  usage: TokenUsage;
}

/**
 * A chat model as a policy uses it: one request in, one reply out, nothing else (no
 * retries, no timeout — the policy adds both). Adapters: `LangChainPolicyModel` (any
 * LangChain chat model, `ChatOpenAI` included) and `GeminiPolicyModel` (`@google/genai`).
 */
export interface PolicyChatModel {
  /** `openai`, `gemini`, or a label of an injected model (used in error messages). */
  readonly provider: string;
  readonly model: string;
  /** Send one request; reject on provider failure (the signal fires on timeout). */
  complete(request: PolicyModelRequest, signal: AbortSignal): Promise<PolicyModelReply>;
}
