import type { JsonObject } from "../../core/json.js";

/** A tool call the model made (the policy executes one per turn). */
export interface PolicyToolCall {
  /** The call's id: the provider's, or one the policy made up when the provider gave none. */
  id: string;
  name: string;
  args: JsonObject;
  /** Gemini's opaque thought signature of the call, sent back with it in later turns. */
  thoughtSignature?: string;
}

/**
 * A provider-neutral message of a policy conversation: the system prompt, user messages
 * (the task, outputs of text answers), assistant answers (text, or one tool call) and the
 * outputs of tool calls. Each provider adapter converts these to its own format.
 */
export type PolicyMessage =
  | { role: "system"; content: string }
  | { role: "user"; content: string }
  | { role: "assistant"; content: string; toolCall?: PolicyToolCall }
  | { role: "tool"; content: string; toolCallId: string; toolName: string };
