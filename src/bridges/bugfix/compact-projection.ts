const tokenPattern =
  /[A-Za-z_$][\w$]*|\d+(?:\.\d+)?|===|!==|==|!=|<=|>=|&&|\|\||\+\+|--|\+=|-=|\*=|\/=|=>|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|\S/g;

/** The label shown above every projection, so nobody mistakes it for runnable code. */
export const projectionLabel =
  "projection of the source (tokens separated by spaces, indentation removed; not runnable code):";

/**
 * A compact projection of a source: each line's tokens separated by single spaces, newlines
 * kept, indentation removed. A faithful view of the token stream, not valid JavaScript.
 */
export function compactProjection(source: string): string {
  return source
    .split("\n")
    .map((line) => (line.match(tokenPattern) ?? []).join(" "))
    .join("\n");
}
