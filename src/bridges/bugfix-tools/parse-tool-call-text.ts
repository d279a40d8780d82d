import { z } from "zod";
import type { Action } from "../../core/action.js";
import { jsonObjectSchema } from "../../core/json.js";
import { parseJsonText } from "../../core/validate.js";

const toolCallTextSchema = z.strictObject({
  name: z.string().min(1),
  arguments: jsonObjectSchema.optional(),
});

/**
 * Parse raw policy text as one JSON tool call, `{"name": "Read", "arguments": {...}}`
 * (surrounding whitespace allowed; `arguments` may be left out when there are none; no
 * other keys). Anything else — prose, several calls, bad JSON — is `null`: a malformed
 * call. Envs whose tools are structured use it as their text grammar.
 */
export function parseToolCallText(text: string): Action | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith("{")) return null;
  try {
    const call = parseJsonText(toolCallTextSchema, trimmed, "tool call text", "POLICY_OUTPUT");
    return { name: call.name, args: call.arguments ?? {} };
  } catch {
    return null;
  }
}
