import type { JsonObject } from "../core/json.js";
import type { ToolSpec } from "../core/tool-spec.js";

/** The marker envrigger's own `openenv:` bridge reads from `/schema`'s action schema. */
export const ENVRIGGER_SCHEMA_KEY = "x-envrigger";

/** A JSON Schema property that may be null. */
const nullable = (type: string, description: string) => ({ type: [type, "null"], description });
const metadataProperty = { metadata: { type: "object", description: "ignored (OpenEnv's Action base field)" } };

/**
 * `GET /schema`: the action schema is the served env's tools — one branch per tool
 * (`{"name": TOOL, "args": {…}}`, `args` the tool's input schema), raw text
 * (`{"text": "…"}`, for text-grammar envs), and MCPToolClient's `list_tools` /
 * `call_tool`; the observation and state schemas describe what `serve` sends. The
 * action schema also carries `x-envrigger` (the base env id and the tools as declared),
 * which envrigger's own `openenv:` bridge uses to show the same tools to its policies.
 */
export function servedSchemas(
  baseEnv: string,
  tools: ToolSpec[],
): { action: JsonObject; observation: JsonObject; state: JsonObject } {
  const toolBranches: JsonObject[] = tools.map((tool) => ({
    title: tool.name,
    description: tool.description,
    type: "object",
    properties: { name: { const: tool.name }, args: tool.inputSchema, ...metadataProperty },
    required: ["name", "args"],
    additionalProperties: false,
  }));
  const action: JsonObject = {
    title: "EnvriggerAction",
    description: `A call of one of the ${baseEnv} env's tools, raw text in its grammar, or an MCP-style list_tools / call_tool.`,
    anyOf: [
      ...toolBranches,
      {
        title: "text",
        type: "object",
        properties: { text: { type: "string" }, ...metadataProperty },
        required: ["text"],
        additionalProperties: false,
      },
      {
        title: "list_tools",
        type: "object",
        properties: { type: { const: "list_tools" }, ...metadataProperty },
        required: ["type"],
        additionalProperties: false,
      },
      {
        title: "call_tool",
        type: "object",
        properties: {
          type: { const: "call_tool" },
          tool_name: { type: "string", enum: tools.map((tool) => tool.name) },
          arguments: { type: "object" },
          ...metadataProperty,
        },
        required: ["type", "tool_name"],
        additionalProperties: false,
      },
    ],
    [ENVRIGGER_SCHEMA_KEY]: {
      version: 1,
      baseEnv,
      tools: tools.map((tool) => ({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema })),
    },
  };
  const observation: JsonObject = {
    title: "EnvriggerObservation",
    type: "object",
    properties: {
      text: { type: "string", description: "what the policy sees" },
      data: { type: "object", description: "structured observation data, when the env gives any" },
      task_id: { type: "string" },
      stack_id: { type: "string", description: "content hash of the served stack spec" },
      stack: { type: "string", description: "the stack's nesting, e.g. Rules<bugfix>" },
      candidate_id: { type: ["string", "null"] },
      seed: { type: "integer" },
      turn: { type: "integer", description: "steps taken in this episode" },
      max_turns: { type: "integer" },
      truncated: { type: "boolean", description: "the episode was cut by the turn budget or a harness rule" },
      stop: nullable("string", "why the episode ended (submit, terminated, budget, …), null while it runs"),
      action_error: nullable("string", "the env refused the last action (malformed or rejected call)"),
      success: nullable("boolean", "the verifier's verdict once done, else null"),
      score: nullable("number", "the verifier's score once done, else null"),
      public_pass: nullable(
        "boolean",
        "whether the episode passed the env's public checks, once done (null when the env reports none)",
      ),
      submitted: nullable("boolean", "whether the policy submitted, once done (null when the env reports none)"),
    },
    required: [
      "text",
      "task_id",
      "stack_id",
      "stack",
      "seed",
      "turn",
      "max_turns",
      "truncated",
      "stop",
      "action_error",
      "success",
      "score",
    ],
  };
  const state: JsonObject = {
    title: "EnvriggerState",
    type: "object",
    properties: {
      episode_id: { type: ["string", "null"] },
      step_count: { type: "integer" },
      task_id: { type: ["string", "null"] },
      stack_id: { type: ["string", "null"] },
      seed: { type: ["integer", "null"] },
      done: { type: "boolean" },
      max_turns: { type: ["integer", "null"] },
      view: { type: "object", description: "the env's read-only state view (what harness hooks read)" },
    },
    required: ["episode_id", "step_count"],
  };
  return { action, observation, state };
}
