import type { StoredMemoryItem } from "./memory-item.js";

/** A retrieved item and its score (higher is better; scales differ per retriever). */
export interface RetrievedSkill {
  item: StoredMemoryItem;
  score: number;
}

/**
 * Finds the items of a bank that fit a query (the task instruction plus the first
 * observation). Implementations: lexical (BM25, the default) and embeddings.
 */
export interface SkillRetriever {
  readonly kind: "lexical" | "embedding";
  /** The best `k` items, best first (fewer when fewer match). */
  retrieve(query: string, k: number): Promise<RetrievedSkill[]>;
}
