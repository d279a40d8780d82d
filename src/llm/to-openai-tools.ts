import type { JsonObject } from "../core/json.js";
import type { ToolSpec } from "../core/tool-spec.js";

/** A tool in OpenAI's function-tool format (what LangChain's `bindTools` passes on). */
export interface OpenAiFunctionTool {
  type: "function";
  function: { name: string; description: string; parameters: JsonObject };
}

/**
 * MCP-shaped tools as OpenAI function tools: the input schema becomes `parameters`, with
 * `type: "object"` added when the schema leaves it out (OpenAI requires an object schema).
 */
export function toOpenAiTools(tools: ToolSpec[]): OpenAiFunctionTool[] {
  return tools.map((tool) => ({
    type: "function",
    function: {
      name: tool.name,
      description: tool.description,
      parameters: { type: "object", properties: {}, ...tool.inputSchema },
    },
  }));
}
