import { z } from "zod";
import type { ToolSpec } from "../../core/tool-spec.js";

// The part of a tool's input schema the grammar needs: its properties and which are required.
const argumentSchema = z.looseObject({
  properties: z
    .record(z.string(), z.looseObject({ enum: z.array(z.unknown()).optional(), description: z.string().optional() }))
    .optional(),
  required: z.array(z.string()).optional(),
});

/** A tool as one line of the grammar: `<call> edit OP </call> — description (OP: one of …)`. */
function toolLine(tool: ToolSpec): string {
  const parsed = argumentSchema.safeParse(tool.inputSchema);
  const [argumentName, argument] = Object.entries(parsed.success ? (parsed.data.properties ?? {}) : {})[0] ?? [];
  if (argumentName === undefined || argument === undefined)
    return `- <call> ${tool.name} </call> — ${tool.description}`;
  const placeholder = argumentName.toUpperCase();
  const required = parsed.success && (parsed.data.required ?? []).includes(argumentName);
  const usage = required
    ? `<call> ${tool.name} ${placeholder} </call>`
    : `<call> ${tool.name} [${placeholder}] </call>`;
  const values = argument.enum?.filter((value) => typeof value === "string" || typeof value === "number");
  const detail =
    values && values.length > 0
      ? `${placeholder} is one of: ${values.join(", ")}`
      : (argument.description ?? `${placeholder} is one word`);
  return `- ${usage} — ${tool.description} (${detail})`;
}

/**
 * Text that teaches the `<call> TOOL [ARG] </call>` action grammar (BugFix's) from an env's
 * tool list: the form of a call, one line per tool with its argument (the first property
 * of its input schema, with the allowed values when the schema lists them), and an
 * example. Used in the system prompt of an LLM policy in `text` mode.
 */
export function grammarPrompt(tools: ToolSpec[]): string {
  const example = tools[0] ? `<call> ${tools[0].name} </call>` : "<call> TOOL </call>";
  return [
    "Answer every turn with exactly one call in this grammar and nothing else (no explanation, no code fence):",
    "  <call> TOOL </call>        a tool without argument",
    "  <call> TOOL ARG </call>    a tool with its argument (one word, no spaces)",
    "",
    "Tools:",
    ...tools.map(toolLine),
    "",
    `Example answer: ${example}`,
  ].join("\n");
}
