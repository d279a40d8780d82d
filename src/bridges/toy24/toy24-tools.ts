import type { ToolSpec } from "../../core/tool-spec.js";
import { arithmeticOperations } from "./arithmetic-operation.js";

const noArguments = { type: "object", properties: {}, additionalProperties: false };

/** The four Game-of-24 tools, MCP-shaped (a fresh copy each call). */
export function toy24Tools(): ToolSpec[] {
  const index = (which: string) => ({
    type: "integer",
    minimum: 0,
    description: `index of the ${which} operand in the current numbers (0-based)`,
  });
  return [
    {
      name: "combine",
      description:
        "Replace numbers[i] and numbers[j] by numbers[i] op numbers[j] (exact fractions). The result takes the lower " +
        "of the two indices; the numbers after the higher one move down by one. Division by zero is refused.",
      inputSchema: {
        type: "object",
        properties: {
          i: index("left"),
          j: index("right"),
          op: { type: "string", enum: [...arithmeticOperations], description: "add, sub (i − j), mul or div (i / j)" },
        },
        required: ["i", "j", "op"],
        additionalProperties: false,
      },
    },
    { name: "undo", description: "Take back the last combination.", inputSchema: { ...noArguments } },
    {
      name: "reset",
      description:
        "Go back to the four starting numbers and clear the history (a tool: it spends a turn and keeps the turn count).",
      inputSchema: { ...noArguments },
    },
    {
      name: "submit",
      description: "End the episode. Solved when exactly one number is left and it is 24.",
      inputSchema: { ...noArguments },
    },
  ];
}
