/**
 * `envrigger/skills`: memory items mined or extracted from trajectories, skill banks,
 * retrieval into a policy's prompt, and the with/without evaluation. `test/public-api.test.ts`
 * pins this list.
 */
export {
  memoryItemSchema,
  storedMemoryItemSchema,
  memoryProvenanceSchema,
  storeMemoryItem,
  memoryItemText,
  type MemoryItem,
  type StoredMemoryItem,
  type MemoryProvenance,
} from "./memory-item.js";
export { appendToSkillBank, readSkillBank, type SkillBankContents } from "./skill-bank.js";
export { mineSkills, type MineSkillsOptions, type MinedSkills, type HabitContrast } from "./mine-skills.js";
export { LlmSkillExtractor, type LlmSkillExtractorOptions } from "./llm-skill-extractor.js";
export { extractSkills, type ExtractSkillsOptions, type ExtractionReport } from "./extract-skills.js";
export { readAcceptedTrajectories } from "./read-accepted-trajectories.js";
export { rollOriginalEpisodes } from "./roll-original-episodes.js";
export { createSkillRetriever, type CreateSkillRetrieverOptions } from "./create-skill-retriever.js";
export { LexicalSkillRetriever } from "./lexical-skill-retriever.js";
export { EmbeddingSkillRetriever } from "./embedding-skill-retriever.js";
export type { SkillRetriever, RetrievedSkill } from "./skill-retriever.js";
export { retrievingPolicyFactory, type RetrievingPolicyOptions } from "./retrieving-policy.js";
export { evaluateSkills, type EvaluateSkillsOptions, type SkillEvaluation } from "./evaluate-skills.js";
export { formatSkillBank } from "./format-skill-bank.js";
