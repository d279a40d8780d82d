import type { ToolCall } from "../../llm/chat-message.js";

/**
 * What the model did in one turn, as the conversation remembers it:
 * - `call`: a call of one of the env's tools (sent back as a tool call with its output);
 * - `text`: a text answer (text mode, or a tools-mode answer without a call);
 * - `refused`: an answer that was no usable call (malformed arguments, unknown tool, empty),
 *   remembered as a short description, with a note put before the env's response.
 */
export type AssistantTurn =
  | { kind: "call"; call: ToolCall }
  | { kind: "text"; text: string }
  | { kind: "refused"; description: string; note: string };
