import type { ToolSpec } from "../../core/tool-spec.js";
import { MAX_COMMAND_LENGTH } from "./read-command.js";

/** The one tool of the `textworld` env, MCP-shaped (a fresh copy each call). */
export function textWorldTools(): ToolSpec[] {
  return [
    {
      name: "command",
      description:
        "Type one command line into the text adventure, as a player would: look, inventory, examine X, go north (or north, n), " +
        "take X, take X from Y, put X on Y, open X, unlock X with Y, eat X … The game's parser answers every line, unknown verbs included.",
      inputSchema: {
        type: "object",
        properties: {
          text: { type: "string", minLength: 1, maxLength: MAX_COMMAND_LENGTH, description: "the command, one line" },
        },
        required: ["text"],
        additionalProperties: false,
      },
    },
  ];
}
