import type { ToolSpec } from "../../core/tool-spec.js";
import { editOpNameSchema } from "./edit-op-name.js";

const noArguments = { type: "object", properties: {}, additionalProperties: false };

/**
 * The BugFix tools, MCP-shaped. In the text grammar they are `<call> read </call>`,
 * `<call> test </call>`, `<call> edit OP </call>` and `<call> submit </call>`.
 */
export function bugFixTools(): ToolSpec[] {
  return [
    {
      name: "read",
      description: "Show a compact projection of the current source (tokens separated by spaces).",
      inputSchema: noArguments,
    },
    {
      name: "test",
      description: "Run the public tests on the current source: one line per test, pass or fail with got and want.",
      inputSchema: noArguments,
    },
    {
      name: "edit",
      description: "Apply one edit op (a generic source transform) to the current source.",
      inputSchema: {
        type: "object",
        properties: {
          op: { type: "string", enum: [...editOpNameSchema.options], description: "The edit op to apply." },
        },
        required: ["op"],
        additionalProperties: false,
      },
    },
    {
      name: "submit",
      description: "Submit the current source for grading on the hidden tests; ends the episode.",
      inputSchema: noArguments,
    },
  ];
}
