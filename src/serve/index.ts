/**
 * `envrigger/serve`: the OpenEnv server over envs, stacks and stored candidates, and what
 * trainers read out of runs (chat JSONL episodes, corpora of accepted stacks).
 * `test/public-api.test.ts` pins this list.
 */
export { startServeServer, type ServeServer, type StartServeServerOptions } from "./start-serve-server.js";
export { loadServedSet, type ServedSetOptions } from "./load-served-set.js";
export type { ServedMember, ServedSet } from "./served-member.js";
export { chatEpisodeOf, chatEpisodeSchema, type ChatEpisode } from "../export/chat-episode.js";
export { corpusLineSchema, type CorpusLine } from "../export/corpus-line.js";
export { readStoredCandidates } from "../export/read-stored-candidates.js";
