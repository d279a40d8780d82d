import type { Action, ActionInput } from "../../core/action.js";

/** The longest command the env passes to a game (Z-machine input buffers hold fewer characters anyway). */
export const MAX_COMMAND_LENGTH = 200;

/** A command for the game, or why the action is refused. */
export type CommandReading = { command: string } | { error: string };

/** Check one command text: non-empty, one line, not too long; trimmed. */
function readCommandText(text: string): CommandReading {
  const command = text.trim();
  if (command.length === 0)
    return { error: 'empty command; type one line for the game, e.g. "look", "go north" or "take lamp"' };
  if (/[\r\n]/.test(command)) return { error: "one command per turn: the text must be a single line" };
  if (command.length > MAX_COMMAND_LENGTH)
    return { error: `command too long (${command.length} characters; at most ${MAX_COMMAND_LENGTH})` };
  return { command };
}

/**
 * The text grammar of the `textworld` env: any non-empty single line is the call
 * `command(text)` (the game's own parser judges it); anything else is malformed (`null`).
 */
export function parseCommandText(text: string): Action | null {
  const reading = readCommandText(text);
  return "command" in reading ? { name: "command", args: { text: reading.command } } : null;
}

/**
 * The command in an action input: raw text, or the call `command({text})`. Unknown tools,
 * extra or missing arguments, empty, multi-line and over-long texts are refused with a reason
 * (the env answers those with an action error; unknown verbs are the game's business).
 */
export function readCommand(input: ActionInput): CommandReading {
  if (typeof input === "string") return readCommandText(input);
  if (
    typeof input !== "object" ||
    input === null ||
    typeof input.args !== "object" ||
    input.args === null ||
    Array.isArray(input.args)
  ) {
    return { error: 'malformed action: expected {name: "command", args: {text}}' };
  }
  if (input.name !== "command")
    return { error: `unknown tool ${JSON.stringify(String(input.name).slice(0, 40))}; the only tool is command(text)` };
  for (const key of Object.keys(input.args))
    if (key !== "text") return { error: `command takes only text; unexpected argument "${key}"` };
  const text = input.args.text;
  if (typeof text !== "string") return { error: "command needs text: a string with one line for the game" };
  return readCommandText(text);
}
