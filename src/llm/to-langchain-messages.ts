import { AIMessage, HumanMessage, SystemMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import type { ChatMessage } from "./chat-message.js";

/**
 * Provider-neutral messages as LangChain messages: system, human, AI (with its one tool
 * call) and tool messages (answering the call by id and name).
 */
export function toLangChainMessages(messages: ChatMessage[]): BaseMessage[] {
  return messages.map((message) => {
    switch (message.role) {
      case "system":
        return new SystemMessage(message.content);
      case "user":
        return new HumanMessage(message.content);
      case "assistant": {
        const call = message.toolCall;
        if (!call) return new AIMessage(message.content);
        return new AIMessage({
          content: message.content,
          tool_calls: [{ id: call.id, name: call.name, args: call.args, type: "tool_call" }],
        });
      }
      case "tool":
        return new ToolMessage({ content: message.content, tool_call_id: message.toolCallId, name: message.toolName });
    }
  });
}
