import type { JsonObject } from "../../core/json.js";
import type { ToolSpec } from "../../core/tool-spec.js";

/** What a step that is not a `step` call (text or structured) is answered with. */
export const MALFORMED_STEP_MESSAGE =
  'error: malformed call; send the structured action {name: "step", args: ACTION}, or the text {"name": "step", "arguments": ACTION}';

/** The one tool of a plain (non-MCP) OpenEnv server: `step`, whose arguments are the action, as the server's action schema says. */
export function openEnvStepTool(actionSchema: JsonObject): ToolSpec {
  const title = typeof actionSchema.title === "string" ? ` (${actionSchema.title})` : "";
  return {
    name: "step",
    description: `Send one action${title} to the OpenEnv environment; its arguments are the action, as the server's action schema says.`,
    inputSchema: actionSchema,
  };
}
