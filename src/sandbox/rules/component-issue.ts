import { z } from "zod";

/**
 * Stable codes of the problems a Rules component can have. Static ones:
 * - `too-large`: the source is over the size limits (32 KiB, 1,000 lines);
 * - `syntax-error`, `type-error`: the TypeScript compiler's verdict against the harness API;
 * - `forbidden-construct`: a construct components may not use (imports, host globals,
 *   reflection, clocks, async code, module-level mutable state, …);
 * - `bad-shape`: the module is not `export default defineRules({ hooks })`;
 * - `no-hooks`: `defineRules` got none of the three hooks.
 * Run-time ones (loading the component, or a hook call):
 * - `timeout`, `memory` (the isolate ran out of memory), `threw`, `bad-output`,
 *   `memory-too-large` (the episode memory grew over its cap).
 */
export const componentIssueCodeSchema = z.enum([
  "too-large",
  "syntax-error",
  "type-error",
  "forbidden-construct",
  "bad-shape",
  "no-hooks",
  "timeout",
  "memory",
  "threw",
  "bad-output",
  "memory-too-large",
]);
export type ComponentIssueCode = z.infer<typeof componentIssueCodeSchema>;

/** One problem found in a component, returned to the designer as data. */
export const componentIssueSchema = z.object({
  code: componentIssueCodeSchema,
  message: z.string(),
  /** 1-based line in the component source, when the problem has a place. */
  line: z.number().int().positive().optional(),
});
export type ComponentIssue = z.infer<typeof componentIssueSchema>;

/** Render issues as lines `- [code] line N: message`, the form designers get as feedback. */
export function formatComponentIssues(issues: readonly ComponentIssue[]): string {
  return issues
    .map((issue) => `- [${issue.code}] ${issue.line === undefined ? "" : `line ${issue.line}: `}${issue.message}`)
    .join("\n");
}
