import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import { memoryItemText, type StoredMemoryItem } from "./memory-item.js";
import type { RetrievedSkill, SkillRetriever } from "./skill-retriever.js";

function cosine(left: readonly number[], right: readonly number[]): number {
  let dot = 0;
  let leftNorm = 0;
  let rightNorm = 0;
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    dot += (left[index] as number) * (right[index] as number);
    leftNorm += (left[index] as number) ** 2;
    rightNorm += (right[index] as number) ** 2;
  }
  return leftNorm === 0 || rightNorm === 0 ? 0 : dot / Math.sqrt(leftNorm * rightNorm);
}

/**
 * Retrieval by embeddings (any LangChain `Embeddings`, e.g. `OpenAIEmbeddings` against an
 * OpenAI-compatible server): the items' text (title, description, content — never the
 * provenance) is embedded once, the query per call; items rank by cosine similarity.
 */
export class EmbeddingSkillRetriever implements SkillRetriever {
  readonly kind = "embedding";

  private constructor(
    private readonly embeddings: EmbeddingsInterface,
    private readonly items: readonly StoredMemoryItem[],
    private readonly vectors: readonly number[][],
  ) {}

  /** Embed the bank's items (one batched request) and return a retriever over them. */
  static async create(
    items: readonly StoredMemoryItem[],
    embeddings: EmbeddingsInterface,
  ): Promise<EmbeddingSkillRetriever> {
    const vectors = items.length === 0 ? [] : await embeddings.embedDocuments(items.map(memoryItemText));
    return new EmbeddingSkillRetriever(embeddings, items, vectors);
  }

  async retrieve(query: string, k: number): Promise<RetrievedSkill[]> {
    if (this.items.length === 0 || k < 1) return [];
    const vector = await this.embeddings.embedQuery(query);
    return this.items
      .map((item, index) => ({ item, score: cosine(vector, this.vectors[index] as number[]) }))
      .sort((left, right) => right.score - left.score)
      .slice(0, k);
  }
}
