import { z } from "zod";

/** Bash's arguments (the same shape as the coding tools' Bash). */
export const repoBashArgumentsSchema = z.strictObject({
  command: z
    .string()
    .describe("`ls [PATH]`, `npm test` (the whole suite), or `npm test -- FILE…` (only these test files)."),
});

/** What a Bash command line asks for. */
export type RepoBashCommand =
  | { kind: "test"; files: string[] | null }
  | { kind: "ls"; path: string }
  | { kind: "refused"; reason: string };

const allowed = "the allowed commands are `ls [PATH]`, `npm test`, and `npm test -- FILE…`";
const shellSyntax = /[;&|<>`$(){}\\*?!~'"#=]/;

/**
 * Parse a Bash command of the `repo` env. Nothing is ever given to a shell: `npm test`
 * runs the repository's own test command (whatever runner it uses) on the workspace under
 * isolation, `npm test -- FILE…` only those test files, `ls` lists a directory.
 */
export function parseRepoBash(command: string): RepoBashCommand {
  const words = command
    .trim()
    .split(/\s+/)
    .filter((word) => word !== "");
  if (words.length === 0) return { kind: "refused", reason: `empty command; ${allowed}` };
  if (shellSyntax.test(words.join(" ")))
    return { kind: "refused", reason: `shell syntax is not available (${JSON.stringify(command)}); ${allowed}` };
  if (words[0] === "npm" && (words[1] === "test" || words[1] === "t")) {
    if (words.length === 2) return { kind: "test", files: null };
    if (words[2] === "--" && words.length > 3 && !words.slice(3).some((word) => word.startsWith("-")))
      return { kind: "test", files: words.slice(3) };
    return { kind: "refused", reason: `npm test takes test files after \`--\` and no flags; ${allowed}` };
  }
  if (words[0] === "ls" && words.length <= 2 && !words.slice(1).some((word) => word.startsWith("-")))
    return { kind: "ls", path: words[1] ?? "" };
  return { kind: "refused", reason: `command not allowed: ${JSON.stringify(command)}; ${allowed}` };
}
