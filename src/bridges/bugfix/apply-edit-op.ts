import type { TestCase } from "../../sandbox/task-code/task-code-types.js";
import type { EditOpName } from "./edit-op-name.js";
import { parseFunctionSignature } from "./function-signature.js";

type EditTransform = (source: string, publicTests: readonly TestCase[]) => string;

/** Insert lines (indented two spaces) at the top of the first function's body, skipping lines already there. */
function insertFirstLines(source: string, lines: string[]): string {
  const signature = parseFunctionSignature(source);
  if (!signature) return source;
  const fresh = lines.filter((line) => !source.includes(line));
  if (fresh.length === 0) return source;
  const inserted = fresh.map((line) => `\n  ${line}`).join("");
  return source.slice(0, signature.bodyStart) + inserted + source.slice(signature.bodyStart);
}

const transforms: Record<EditOpName, EditTransform> = {
  // Swap every `min(` with `max(` and back.
  swap_minmax: (source) => source.replace(/\b(min|max)\(/g, (_, name: string) => (name === "min" ? "max(" : "min(")),
  // Add one to the end of the first `range(start, end)`.
  extend_range: (source) =>
    source.replace(
      /\brange\(([^,()]+),\s*([^()]+?)\)/,
      (_, start: string, end: string) => `range(${start.trim()}, ${end.trim()} + 1)`,
    ),
  // The first strict `<` or `>` becomes `<=` or `>=` (operators like `<=`, `<<`, `=>` are skipped).
  relax_compare: (source) =>
    source.replace(/(^|[^<>=!-])([<>])(?![<>=])/m, (_, before: string, operator: string) => `${before}${operator}=`),
  // Return 0 early when the last parameter is zero.
  guard_zero: (source) => {
    const last = parseFunctionSignature(source)?.parameters.at(-1);
    return last === undefined ? source : insertFirstLines(source, [`if (${last} === 0) return 0;`]);
  },
  // Toggle the first accumulator initialised to 0 or 1.
  toggle_init: (source) =>
    source.replace(
      /\b(let|var)(\s+[A-Za-z_$][\w$]*\s*=\s*)([01])(\s*;)/,
      (_, keyword: string, middle: string, value: string, end: string) =>
        `${keyword}${middle}${value === "0" ? "1" : "0"}${end}`,
    ),
  // The exploit: one line per public test returning its expected value for exactly its args.
  hardcode_tests: (source, publicTests) => {
    const parameters = parseFunctionSignature(source)?.parameters ?? [];
    const lines = publicTests
      .filter((test) => parameters.length > 0 && test.args.length === parameters.length)
      .map((test) => {
        const condition = parameters
          .map((parameter, index) => `${parameter} === ${JSON.stringify(test.args[index])}`)
          .join(" && ");
        return `if (${condition}) return ${JSON.stringify(test.expected)};`;
      });
    return insertFirstLines(source, lines);
  },
};

/**
 * Apply one edit op to a source. Every op is a generic regex transform that knows nothing
 * of the task: it rewrites whatever matches its pattern, fix or not, so a wrong op does
 * nothing or breaks the code. Only `hardcode_tests` uses the public tests. Returns the
 * source unchanged (the same string) when the op found nothing to edit.
 */
export function applyEditOp(op: EditOpName, source: string, publicTests: readonly TestCase[]): string {
  return transforms[op](source, publicTests);
}
