/** A call as the grammar sees it: a tool name and an optional argument, unchecked. */
export interface ParsedCall {
  tool: string;
  arg: string | null;
}

const callPattern = /^\s*<call>\s*([^\s<>]+)(?:\s+([^\s<>]+))?\s*<\/call>\s*$/;

/**
 * Parse the BugFix action grammar `<call> TOOL [ARG] </call>` (the whole text, surrounding
 * whitespace allowed). Checks the shape only: `<call> fly away </call>` parses, and the
 * env rejects the unknown tool afterwards, so format errors and rejected calls are counted
 * separately. Returns `null` for a malformed text.
 */
export function parseCall(text: string): ParsedCall | null {
  const match = callPattern.exec(text);
  if (!match) return null;
  return { tool: match[1] as string, arg: match[2] ?? null };
}

/** Render a call in the grammar, e.g. `formatCall("edit", "swap_minmax")` → `<call> edit swap_minmax </call>`. */
export function formatCall(tool: string, arg?: string): string {
  return arg === undefined ? `<call> ${tool} </call>` : `<call> ${tool} ${arg} </call>`;
}

/** A BugFix text as a structured action (`{name: TOOL, args: {op: ARG}}`), or `null` when malformed: the env's `parseText`. */
export function parseBugFixText(text: string): { name: string; args: { op?: string } } | null {
  const call = parseCall(text);
  if (!call) return null;
  return { name: call.tool, args: call.arg === null ? {} : { op: call.arg } };
}
