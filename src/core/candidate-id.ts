import { contentHash } from "./content-hash.js";
import { EnvriggerError } from "./errors.js";
import type { Json } from "./json.js";

/** A stored candidate's id: the first 16 hex digits of the content hash of its stack spec. */
export function candidateIdOf(stack: unknown): string {
  return contentHash(stack as Json).slice(0, 16);
}

/**
 * Check that a stored candidate (a candidate file, a corpus line) is what it was validated
 * as: its id is the hash of its stack. A stack edited after validation would otherwise be
 * served, measured and exported under the old id, beside the old validation numbers.
 * Throws `INTEGRITY` naming `where` (e.g. `candidate file <path>`).
 */
export function checkCandidateId(candidate: { id: string; stack: unknown }, where: string): void {
  const actual = candidateIdOf(candidate.stack);
  if (actual === candidate.id) return;
  throw new EnvriggerError(
    "INTEGRITY",
    `${where}: its id ${candidate.id} is not the hash of its stack (${actual}): the stack was changed after it was validated, so the validation numbers stored with it do not describe it`,
    { hint: "restore the file from where it was stored, or rig the changed stack again to validate it" },
  );
}
