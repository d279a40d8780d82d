/**
 * JSON from outside, parsed within limits. `JSON.parse` itself copes with deep nesting, but
 * everything after it (validation, error reports, `JSON.stringify` of a reply) recurses, so
 * a message of 100 000 `[` overflows the stack there and gets no answer. Text deeper than
 * `maxDepth` or longer than `maxCharacters` is refused before it is parsed, by one
 * iterative scan.
 */

/** The limits of {@link parseBoundedJson}. */
export interface JsonLimits {
  /** Most nested arrays and objects (default {@link DEFAULT_JSON_LIMITS}). */
  maxDepth: number;
  /** Most characters of text. */
  maxCharacters: number;
}

/** Deep enough for every file and message envrigger writes, far short of any recursion limit. */
export const DEFAULT_JSON_LIMITS: JsonLimits = { maxDepth: 128, maxCharacters: 256 * 1024 * 1024 };

/** Why a text was refused. */
export type BoundedJsonRefusal = "too-large" | "too-deep" | "syntax";

/** The outcome of {@link parseBoundedJson}: the value, or why not and a sentence saying so. */
export type BoundedJsonResult =
  | { ok: true; value: unknown }
  | { ok: false; reason: BoundedJsonRefusal; message: string };

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;

/** The deepest nesting of `text` up to `limit + 1` (it stops counting there), strings skipped. */
export function jsonNestingDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) depth--;
  }
  return deepest;
}

/** Parse `text` as JSON unless it is longer or deeper than `limits` or not JSON. */
export function parseBoundedJson(text: string, limits: Partial<JsonLimits> = {}): BoundedJsonResult {
  const { maxDepth, maxCharacters } = { ...DEFAULT_JSON_LIMITS, ...limits };
  if (text.length > maxCharacters) {
    return {
      ok: false,
      reason: "too-large",
      message: `JSON of ${text.length} characters is over the limit of ${maxCharacters}`,
    };
  }
  if (jsonNestingDepth(text, maxDepth) > maxDepth) {
    return { ok: false, reason: "too-deep", message: `JSON nested deeper than ${maxDepth} levels` };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, reason: "syntax", message: (error as Error).message };
  }
}
