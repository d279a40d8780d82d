import type { ToolSpec } from "../../core/tool-spec.js";
import { parseWith } from "../../core/validate.js";
import { mcpToolListSchema } from "./openenv-mcp.js";
import { openEnvServerError } from "./openenv-server-error.js";
import type { OpenEnvSocket } from "./openenv-socket.js";

/**
 * The tools of an MCP env on an open session: JSON-RPC `tools/list` in an `mcp` message (it
 * takes no step), else the step `list_tools` on servers without it.
 */
export async function listOpenEnvMcpTools(socket: OpenEnvSocket, url: string): Promise<ToolSpec[]> {
  const reply = await socket.request(
    { type: "mcp", data: { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} } },
    "tools/list",
  );
  let listed: unknown = reply.type === "mcp" ? reply.data.result : undefined;
  if (listed === undefined) {
    const fallback = await socket.request({ type: "step", data: { type: "list_tools" } }, "list_tools");
    if (fallback.type === "error") throw openEnvServerError(fallback.data, "list_tools", url);
    listed = fallback.type === "observation" ? fallback.data.observation : undefined;
  }
  return parseWith(mcpToolListSchema, listed, `the tool list of the MCP env at ${url}`, "REMOTE_ENV");
}
