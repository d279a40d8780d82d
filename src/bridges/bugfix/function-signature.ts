/** The head of the first function declaration in a source. */
export interface FunctionSignature {
  /** The function's name. */
  name: string;
  /** Parameter names, in order. */
  parameters: string[];
  /** Index just after the opening `{` of the body (where new first lines go). */
  bodyStart: number;
}

const signaturePattern = /function\s+([A-Za-z_$][\w$]*)\s*\(([^)]*)\)\s*\{/;

/**
 * Find the first `function name(a, b) {` in `source`; `null` when there is none (the
 * edit ops then leave the source unchanged).
 */
export function parseFunctionSignature(source: string): FunctionSignature | null {
  const match = signaturePattern.exec(source);
  if (!match) return null;
  const parameters = (match[2] as string)
    .split(",")
    .map((parameter) => parameter.trim())
    .filter((parameter) => parameter.length > 0);
  return { name: match[1] as string, parameters, bodyStart: match.index + match[0].length };
}
