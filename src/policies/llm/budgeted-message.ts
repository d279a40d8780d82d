import type { ChatMessage } from "../../llm/chat-message.js";

/** A message of a rendered policy conversation, marked with what a context budget may change. */
export interface BudgetedMessage {
  message: ChatMessage;
  /** The exchange (turn) the message belongs to; `null` for the system prompt and the task. */
  exchange: number | null;
  /**
   * For an older tool output: the output text, which ends `message.content` and may be
   * shortened. Absent for everything that is always sent whole.
   */
  output?: string;
}

/** Characters a message takes: its content, plus the name and JSON arguments of its tool call. */
export function messageCharacters(message: ChatMessage): number {
  const call = message.role === "assistant" ? message.toolCall : undefined;
  return message.content.length + (call ? call.name.length + JSON.stringify(call.args).length : 0);
}
