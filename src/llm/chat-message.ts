import type { JsonObject } from "../core/json.js";

/** A tool call the model made. */
export interface ToolCall {
  /** The call's id: the provider's, or one the caller made up when the provider gave none. */
  id: string;
  name: string;
  args: JsonObject;
  /** Gemini's opaque thought signature of the call, sent back with it in later turns. */
  thoughtSignature?: string;
}

/**
 * A provider-neutral chat message: the system prompt, user messages, assistant answers
 * (text, or text and one tool call) and the outputs of tool calls. Each provider adapter
 * converts these to its own format.
 */
export type ChatMessage =
  | { role: "system"; content: string }
  | { role: "user"; content: string }
  | { role: "assistant"; content: string; toolCall?: ToolCall }
  | { role: "tool"; content: string; toolCallId: string; toolName: string };
