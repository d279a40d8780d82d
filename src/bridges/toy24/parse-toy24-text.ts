import type { Action } from "../../core/action.js";

const operationAliases: Readonly<Record<string, string>> = { "+": "add", "-": "sub", "*": "mul", x: "mul", "/": "div" };
const indexPattern = /^\d{1,6}$/;

/**
 * The Game-of-24 text grammar (case-insensitive; spaces, commas and parentheses separate
 * words, so `combine(0, 1, add)` reads like `combine 0 1 add`):
 *
 * - `combine <i> <j> <op>` — `<i>`, `<j>` non-negative integers, `<op>` one of `add`, `sub`,
 *   `mul`, `div` or the symbols `+ - * x /`;
 * - `undo`, `reset`, `submit` — alone on the line.
 *
 * Any other single word becomes a call of that (unknown) tool and an unknown `<op>` passes
 * through, so the env can name the problem; anything else is malformed: `null`.
 */
export function parseToy24Text(text: string): Action | null {
  const words = text
    .toLowerCase()
    .split(/[\s,()]+/)
    .filter((word) => word.length > 0);
  const name = words[0];
  if (name === undefined) return null;
  if (words.length === 1) return { name, args: {} };
  if (name !== "combine" || words.length !== 4) return null;
  const [, first, second, operation] = words as [string, string, string, string];
  if (!indexPattern.test(first) || !indexPattern.test(second)) return null;
  return { name, args: { i: Number(first), j: Number(second), op: operationAliases[operation] ?? operation } };
}
