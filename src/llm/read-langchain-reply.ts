import { z } from "zod";
import { jsonObjectSchema } from "../core/json.js";
import { formatIssues } from "../core/validate.js";
import { langChainUsage } from "./provider-usage.js";
import type { ToolCall } from "./chat-message.js";
import type { ChatReply, InvalidToolCall } from "./chat-model.js";

// The fields of a LangChain AI message a chat reply reads; anything odd is read as absent.
const aiMessageSchema = z.looseObject({
  content: z.unknown(),
  tool_calls: z.array(z.looseObject({ id: z.string().nullish(), name: z.string(), args: z.unknown() })).catch([]),
  invalid_tool_calls: z
    .array(z.looseObject({ name: z.string().nullish(), args: z.string().nullish(), error: z.string().nullish() }))
    .catch([]),
});

const textPartSchema = z.looseObject({ type: z.literal("text"), text: z.string() });

function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((part) => textPartSchema.safeParse(part))
    .map((part) => (part.success ? part.data.text : ""))
    .join("");
}

/**
 * Read a LangChain AI message as a chat reply: its text, its tool calls (arguments
 * validated as a JSON object; others become invalid calls), the calls LangChain could not
 * parse (`invalid_tool_calls`: malformed JSON arguments) and the token usage.
 */
export function readLangChainReply(message: unknown): ChatReply {
  const parsed = aiMessageSchema.safeParse(message);
  const fields = parsed.success ? parsed.data : { content: "", tool_calls: [], invalid_tool_calls: [] };
  const toolCalls: ToolCall[] = [];
  const invalidToolCalls: InvalidToolCall[] = [];
  for (const call of fields.tool_calls) {
    const args = jsonObjectSchema.safeParse(call.args ?? {});
    if (args.success) toolCalls.push({ id: call.id ?? "", name: call.name, args: args.data });
    else
      invalidToolCalls.push({
        name: call.name,
        argumentsText: String(JSON.stringify(call.args)),
        problem: `the arguments of \`${call.name}\` are not a JSON object (${formatIssues(args.error)})`,
      });
  }
  for (const call of fields.invalid_tool_calls) {
    const name = call.name ?? "";
    invalidToolCalls.push({
      name,
      argumentsText: call.args ?? "",
      problem: `the arguments of \`${name || "(unnamed)"}\` are not valid JSON (${call.error ?? "unparsable"})`,
    });
  }
  return { text: contentText(fields.content), toolCalls, invalidToolCalls, usage: langChainUsage(message) };
}
