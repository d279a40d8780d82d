import MiniSearch from "minisearch";
import type { StoredMemoryItem } from "./memory-item.js";
import type { RetrievedSkill, SkillRetriever } from "./skill-retriever.js";
import { wordsOf } from "./words-of.js";

interface IndexedItem {
  id: string;
  title: string;
  description: string;
  content: string;
}

/**
 * BM25 retrieval over the items' title, description and content with `minisearch` (title
 * and description weigh double: they say what an item is and when it applies). Words are
 * split at identifier case changes, so `splitBill` finds an item about splitting bills.
 * Provenance is never indexed.
 */
export class LexicalSkillRetriever implements SkillRetriever {
  readonly kind = "lexical";
  private readonly index: MiniSearch<IndexedItem>;
  private readonly byId: Map<string, StoredMemoryItem>;

  constructor(items: readonly StoredMemoryItem[]) {
    this.byId = new Map(items.map((item) => [item.id, item]));
    this.index = new MiniSearch<IndexedItem>({
      fields: ["title", "description", "content"],
      tokenize: wordsOf,
      processTerm: (term) => term,
      searchOptions: { boost: { title: 2, description: 2 }, combineWith: "OR" },
    });
    this.index.addAll(
      [...this.byId.values()].map(({ id, title, description, content }) => ({ id, title, description, content })),
    );
  }

  async retrieve(query: string, k: number): Promise<RetrievedSkill[]> {
    return this.index
      .search(query)
      .slice(0, k)
      .map((result) => ({ item: this.byId.get(String(result.id)) as StoredMemoryItem, score: result.score }));
  }
}
