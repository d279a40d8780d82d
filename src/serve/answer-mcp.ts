import type { Json, JsonObject } from "../core/json.js";
import { jsonRpcRequestSchema, toolsCallParamsSchema } from "./serve-messages.js";
import type { ServeSession } from "./serve-session.js";
import { validationErrors } from "./validation-errors.js";

const rpcError = (id: Json, code: number, message: string, data?: Json): JsonObject => ({
  jsonrpc: "2.0",
  id,
  error: { code, message, ...(data === undefined ? {} : { data }) },
});

/**
 * Answer the JSON-RPC 2.0 request of an `mcp` message: `tools/list` → the tools
 * (`{name, description, inputSchema}`), `tools/call` → one step of the session's episode,
 * as MCP's `{content: [{type: "text", text}], isError, structuredContent: {reward, done,
 * success}}`. A request of the wrong shape is −32600, an unknown method −32601, bad
 * params −32602, a failing step −32603 (the episode ended).
 */
export async function answerMcp(session: ServeSession, data: JsonObject): Promise<JsonObject> {
  const request = jsonRpcRequestSchema.safeParse(data);
  const id: Json = (typeof data.id === "string" || typeof data.id === "number" ? data.id : null) as Json;
  if (!request.success) return rpcError(id, -32600, "Invalid Request", validationErrors(request.error, data));
  switch (request.data.method) {
    case "tools/list": {
      const tools = await session.currentTools();
      return {
        jsonrpc: "2.0",
        id,
        result: {
          tools: tools.map((tool) => ({
            name: tool.name,
            description: tool.description,
            inputSchema: tool.inputSchema,
          })),
        },
      };
    }
    case "tools/call": {
      const params = toolsCallParamsSchema.safeParse(request.data.params ?? {});
      if (!params.success)
        return rpcError(id, -32602, "Invalid params", validationErrors(params.error, request.data.params ?? {}));
      const outcome = await session.callTool(params.data.name, params.data.arguments);
      if ("error" in outcome) return rpcError(id, -32603, outcome.error);
      return {
        jsonrpc: "2.0",
        id,
        result: {
          content: [{ type: "text", text: outcome.text }],
          isError: outcome.actionError !== null,
          structuredContent: { reward: outcome.reward, done: outcome.done, success: outcome.success },
        },
      };
    }
    default:
      return rpcError(id, -32601, `Method not found: ${request.data.method}`);
  }
}
