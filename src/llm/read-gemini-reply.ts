import { jsonObjectSchema } from "../core/json.js";
import { formatIssues } from "../core/validate.js";
import type { GeminiResponse } from "./gemini-client.js";
import { geminiUsage } from "./provider-usage.js";
import type { ToolCall } from "./chat-message.js";
import type { ChatReply, InvalidToolCall } from "./chat-model.js";

// Finish reasons with which Gemini reports a function call it could not produce.
const MALFORMED_CALL_REASONS = new Set(["MALFORMED_FUNCTION_CALL", "UNEXPECTED_TOOL_CALL"]);

/**
 * Read a Gemini response as a chat reply from its first candidate's parts: text parts
 * (thoughts excluded), function calls (arguments validated as a JSON object, thought
 * signature kept), and a malformed function call reported by the finish reason. Usage comes
 * from `usageMetadata` (thinking tokens count as output).
 */
export function readGeminiReply(response: GeminiResponse): ChatReply {
  const usage = geminiUsage(response);
  const candidate = response.candidates?.[0];
  const parts = candidate?.content?.parts ?? [];
  const toolCalls: ToolCall[] = [];
  const invalidToolCalls: InvalidToolCall[] = [];
  let text = "";
  for (const part of parts) {
    if (typeof part.text === "string" && part.thought !== true) text += part.text;
    const call = part.functionCall;
    if (!call) continue;
    const name = call.name ?? "";
    const args = jsonObjectSchema.safeParse(call.args ?? {});
    if (!args.success) {
      invalidToolCalls.push({
        name,
        argumentsText: String(JSON.stringify(call.args)),
        problem: `the arguments of \`${name}\` are not a JSON object (${formatIssues(args.error)})`,
      });
      continue;
    }
    toolCalls.push({
      id: call.id ?? "",
      name,
      args: args.data,
      ...(part.thoughtSignature === undefined ? {} : { thoughtSignature: part.thoughtSignature }),
    });
  }
  const reason = candidate?.finishReason;
  if (
    toolCalls.length === 0 &&
    invalidToolCalls.length === 0 &&
    reason !== undefined &&
    MALFORMED_CALL_REASONS.has(reason)
  ) {
    invalidToolCalls.push({
      name: "",
      argumentsText: candidate?.finishMessage ?? "",
      problem: `Gemini could not produce the function call (finish reason ${reason})`,
    });
  }
  return { text, toolCalls, invalidToolCalls, usage };
}
