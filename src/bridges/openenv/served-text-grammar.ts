import type { Action } from "../../core/action.js";
import { parseBugFixText } from "../bugfix/call-grammar.js";
import { parseToolCallText } from "../bugfix-tools/parse-tool-call-text.js";
import { parseCommandText } from "../textworld/read-command.js";
import { parseToy24Text } from "../toy24/parse-toy24-text.js";

/** The text grammars of envrigger's built-in envs, by base env id. */
const grammars: Record<string, (text: string) => Action | null> = {
  bugfix: parseBugFixText,
  "bugfix-tools": parseToolCallText,
  toy24: parseToy24Text,
  textworld: parseCommandText,
};

/**
 * The text grammar of a base env served by `envrigger serve`, so that the `openenv:`
 * bridge parses raw text actions the way the served env does (the parse is needed before
 * the step, without a round trip). Envs without a known grammar (plugins) parse nothing:
 * text still reaches the server, only the local parse is `null`.
 */
export function servedTextGrammar(baseEnv: string): (text: string) => Action | null {
  return grammars[baseEnv] ?? (() => null);
}
