import { EnvriggerError } from "../core/errors.js";
import { parseModelSpec } from "../llm/model-spec.js";
import { EmbeddingSkillRetriever } from "./embedding-skill-retriever.js";
import { LexicalSkillRetriever } from "./lexical-skill-retriever.js";
import type { StoredMemoryItem } from "./memory-item.js";
import type { SkillRetriever } from "./skill-retriever.js";

/** Options of {@link createSkillRetriever}. */
export interface CreateSkillRetrieverOptions {
  /** `openai:<model>` for embeddings through `OpenAIEmbeddings`; absent → lexical (BM25). */
  embeddings?: string;
  /** Where keys and URLs are read from (default `process.env`). */
  environment?: NodeJS.ProcessEnv;
}

/**
 * A retriever over a bank's items: lexical BM25 by default, embeddings when a provider is
 * configured (`openai:<model>`; `OPENAI_BASE_URL` reaches any OpenAI-compatible server).
 * A bad embeddings spec throws `BAD_ARGUMENT`, a missing key `MISSING_SECRET`.
 */
export async function createSkillRetriever(
  items: readonly StoredMemoryItem[],
  options: CreateSkillRetrieverOptions = {},
): Promise<SkillRetriever> {
  if (options.embeddings === undefined) return new LexicalSkillRetriever(items);
  const spec = parseModelSpec(options.embeddings);
  if (spec.provider !== "openai") {
    throw new EnvriggerError(
      "BAD_ARGUMENT",
      `embeddings need an OpenAI-compatible provider, got ${options.embeddings}`,
      {
        hint: "use --embeddings openai:<model> (OPENAI_BASE_URL reaches vLLM, Ollama, llama.cpp), or leave it out for BM25",
      },
    );
  }
  const { createOpenAiEmbeddings } = await import("./create-openai-embeddings.js");
  return EmbeddingSkillRetriever.create(
    items,
    createOpenAiEmbeddings(spec.model, { environment: options.environment }),
  );
}
