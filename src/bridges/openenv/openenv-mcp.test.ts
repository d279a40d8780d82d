import { describe, expect, it } from "vitest";
import { isMcpActionSchema, mcpCallAction, mcpToolListSchema, readMcpCall } from "./openenv-mcp.js";

describe("OpenEnv MCP envs", () => {
  it("recognises CallToolAction by its call_tool discriminator and tool_name", () => {
    const callTool = {
      title: "CallToolAction",
      properties: { type: { const: "call_tool" }, tool_name: { type: "string" }, arguments: { type: "object" } },
    };
    expect(isMcpActionSchema(callTool)).toBe(true);
    expect(isMcpActionSchema({ properties: { action: { enum: ["UP", "DOWN"] } } })).toBe(false);
    expect(isMcpActionSchema({ properties: { type: { const: "call_tool" } } })).toBe(false);
    expect(mcpCallAction("echo_message", { message: "hi" })).toEqual({
      type: "call_tool",
      tool_name: "echo_message",
      arguments: { message: "hi" },
    });
  });

  it("reads the tool list as tool specs", () => {
    const listed = mcpToolListSchema.parse({
      tools: [{ name: "echo_message", description: "Echo.", input_schema: { type: "object", required: ["message"] } }],
    });
    expect(listed).toEqual([
      { name: "echo_message", description: "Echo.", inputSchema: { type: "object", required: ["message"] } },
    ]);
  });

  it("reads a call's text from its content, keeps the tool's error flag, and reports framework errors", () => {
    expect(
      readMcpCall({
        tool_name: "echo_message",
        result: { content: [{ type: "text", text: "hi" }], data: "hi", is_error: false },
        error: null,
      }),
    ).toEqual({ text: "hi", isError: false, callError: null });
    expect(
      readMcpCall({
        tool_name: "divide",
        result: { content: [{ type: "text", text: "division by zero" }], is_error: true },
      }),
    ).toEqual({ text: "division by zero", isError: true, callError: null });
    expect(
      readMcpCall({
        tool_name: "nope",
        result: null,
        error: { error_type: "tool_not_found", message: "Unknown tool: 'nope'" },
      }),
    ).toEqual({
      text: "error: tool_not_found: Unknown tool: 'nope'",
      isError: true,
      callError: "tool_not_found: Unknown tool: 'nope'",
    });
  });
});
