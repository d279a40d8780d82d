import { hashString } from "../core/seeding.js";
import { wordsOf } from "../skills/words-of.js";

/** Dimensions of {@link hashedWordEmbedding} unless asked otherwise. */
export const HASHED_EMBEDDING_DIMENSIONS = 256;

/**
 * A deterministic stand-in for an embedding model: a hashed bag of words (identifiers
 * split at case changes, common words dropped), each word adding ±1 to one of `dimensions`
 * coordinates, L2-normalised. Texts sharing words get a high cosine similarity; the same
 * text always gets the same vector.
 */
export function hashedWordEmbedding(text: string, dimensions: number = HASHED_EMBEDDING_DIMENSIONS): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of wordsOf(text)) {
    const hash = hashString(word);
    vector[hash % dimensions] = (vector[hash % dimensions] as number) + (hash >>> 31 === 1 ? -1 : 1);
  }
  const norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
  return norm === 0 ? vector : vector.map((value) => value / norm);
}
