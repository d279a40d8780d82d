import type { StructuredReply } from "./chat-model.js";
import { langChainUsage } from "./provider-usage.js";

const EXCERPT = 300;

function excerpt(text: string): string {
  return text.length <= EXCERPT ? text : `${text.slice(0, EXCERPT)}…`;
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" ? (value as Record<string, unknown>) : {};
}

function list(value: unknown): Array<Record<string, unknown>> {
  return Array.isArray(value) ? value.map(record) : [];
}

function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content))
    return content.map((part) => (typeof record(part).text === "string" ? (record(part).text as string) : "")).join("");
  return "";
}

/**
 * Read the structured answer out of a LangChain AI message: the arguments of the tool
 * call named `name`. Every other shape is a problem the model is told about — malformed
 * JSON arguments (`invalid_tool_calls`), a call to another tool, plain text instead of a
 * call, or an empty message. Usage as {@link langChainUsage} reads it (cached prompt tokens included).
 */
export function readToolCallAnswer(message: unknown, name: string): StructuredReply {
  const fields = record(message);
  const usage = langChainUsage(message);
  const toolCalls = list(fields.tool_calls);
  const invalidCalls = list(fields.invalid_tool_calls);
  const call = toolCalls.find((candidate) => candidate.name === name);
  if (call) return { candidate: { ok: true, value: call.args }, usage };
  const invalid = invalidCalls.find((candidate) => candidate.name === name) ?? invalidCalls[0];
  if (invalid) {
    const argumentsText = typeof invalid.args === "string" ? invalid.args : "";
    return {
      candidate: {
        ok: false,
        problem: `the arguments of \`${String(invalid.name ?? name)}\` are not valid JSON (${String(invalid.error ?? "unparsable")}): ${excerpt(argumentsText)}`,
      },
      usage,
    };
  }
  if (toolCalls.length > 0) {
    const names = toolCalls.map((candidate) => `\`${String(candidate.name)}\``).join(", ");
    return { candidate: { ok: false, problem: `it called the unknown tool ${names} instead of \`${name}\`` }, usage };
  }
  const text = contentText(fields.content).trim();
  if (text.length > 0)
    return {
      candidate: { ok: false, problem: `it answered with text instead of calling \`${name}\`: ${excerpt(text)}` },
      usage,
    };
  return {
    candidate: { ok: false, problem: `empty output: no tool call and no text (expected a call to \`${name}\`)` },
    usage,
  };
}
