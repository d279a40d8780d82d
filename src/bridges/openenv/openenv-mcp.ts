import { z } from "zod";
import { jsonObjectSchema, stableStringify, type Json, type JsonObject } from "../../core/json.js";
import type { ToolSpec } from "../../core/tool-spec.js";

/*
 * OpenEnv's MCP environments (`MCPEnvironment`, e.g. echo_env): the action is
 * `CallToolAction` `{"type": "call_tool", "tool_name", "arguments"}`, answered by the
 * observation `{"tool_name", "result", "error"}`; the tools are listed by the JSON-RPC
 * `tools/list` request in a `{"type": "mcp"}` message (or the step `{"type": "list_tools"}`),
 * each `{name, description, input_schema}`. `result` is MCP's call result
 * (`{content: [{type: "text", text}], structured_content, data, is_error}`); `error` is a
 * framework error `{error_type, message}` (`tool_not_found`, `invalid_args`, …).
 */

/** Whether a server's action schema is OpenEnv's `CallToolAction` (an MCP env). */
export function isMcpActionSchema(action: JsonObject): boolean {
  const properties = action.properties;
  if (properties === null || typeof properties !== "object" || Array.isArray(properties)) return false;
  const type = (properties as JsonObject).type;
  const discriminator =
    type !== null && typeof type === "object" && !Array.isArray(type) ? (type as JsonObject).const : undefined;
  return discriminator === "call_tool" && "tool_name" in properties;
}

const mcpToolSchema = z.looseObject({
  name: z.string().min(1),
  description: z.string().nullish(),
  input_schema: jsonObjectSchema.optional(),
  inputSchema: jsonObjectSchema.optional(),
});

/** The tools of a `tools/list` result or a `list_tools` observation (`{tools: [...]}`), as tool specs. */
export const mcpToolListSchema = z.looseObject({ tools: z.array(mcpToolSchema) }).transform((list): ToolSpec[] =>
  list.tools.map((tool) => ({
    name: tool.name,
    description: tool.description ?? "",
    inputSchema: tool.input_schema ?? tool.inputSchema ?? { type: "object", properties: {} },
  })),
);

/** The step data that calls tool `name` with `args`. */
export function mcpCallAction(name: string, args: JsonObject): JsonObject {
  return { type: "call_tool", tool_name: name, arguments: args };
}

/** How a tool call's observation reads: its text, whether it is an error, and a framework error's text. */
export interface McpCallReading {
  text: string;
  /** The tool failed (`result.is_error`) or the call did (`error`). */
  isError: boolean;
  /** A framework error (`error`: unknown tool, invalid arguments, …), e.g. `tool_not_found: Unknown tool: 'nope'`. */
  callError: string | null;
}

function textOfResult(result: Json | undefined): string {
  if (result === undefined || result === null) return "";
  if (typeof result !== "object" || Array.isArray(result))
    return typeof result === "string" ? result : stableStringify(result);
  const content = result.content;
  if (Array.isArray(content)) {
    const texts = content.flatMap((part) =>
      part !== null && typeof part === "object" && !Array.isArray(part) && typeof part.text === "string"
        ? [part.text]
        : [],
    );
    if (texts.length > 0) return texts.join("\n");
  }
  if (result.data !== undefined && result.data !== null)
    return typeof result.data === "string" ? result.data : stableStringify(result.data);
  return stableStringify(result);
}

/** Read a `CallToolObservation` (the `observation` of a tool call's reply). */
export function readMcpCall(observation: JsonObject): McpCallReading {
  const error = observation.error;
  if (error !== undefined && error !== null) {
    const described =
      typeof error === "object" && !Array.isArray(error)
        ? `${typeof error.error_type === "string" ? `${error.error_type}: ` : ""}${typeof error.message === "string" ? error.message : stableStringify(error)}`
        : String(error);
    return { text: `error: ${described}`, isError: true, callError: described };
  }
  const result = observation.result;
  const failed = result !== null && typeof result === "object" && !Array.isArray(result) && result.is_error === true;
  return { text: textOfResult(result), isError: failed, callError: null };
}
