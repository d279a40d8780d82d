/*
 * The fixed limits of the Rules sandbox, in a module without dependencies: the in-isolate
 * code is bundled with them (scripts/generate-sandbox-code.ts), the host reads the same
 * numbers as `rulesSandboxLimits`.
 */

/** `context.memory` as JSON after a call, in characters (over it: `memory-too-large`). */
export const memoryLimit = 64 * 1024;
/** An observation text or block reason a hook returns, in characters (`bad-output`). */
export const textLimit = 256 * 1024;
/** A hook's whole result as JSON, in characters (`bad-output`). */
export const outputLimit = 1024 * 1024;
/**
 * The largest array or string size that the few native builtins which run as one
 * uninterruptible step (`fill`, `sort`, `split`, `repeat`, `Array.from`, …) accept; over it
 * they throw a `RangeError` instead of stalling or aborting the host process.
 */
export const elementLimit = 1_000_000;

/**
 * Fixed limits of the Rules sandbox, as the host names them (the same for every component,
 * so designers can be told about them): `memoryCharacters` ({@link memoryLimit}),
 * `textCharacters` ({@link textLimit}), `outputCharacters` ({@link outputLimit}) and
 * `elements` ({@link elementLimit}).
 */
export const rulesSandboxLimits = {
  memoryCharacters: memoryLimit,
  textCharacters: textLimit,
  outputCharacters: outputLimit,
  elements: elementLimit,
} as const;
