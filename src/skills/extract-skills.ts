import type { ToolSpec } from "../core/tool-spec.js";
import type { Trajectory } from "../core/trajectory.js";
import { emptyTokenUsage, type TokenUsage } from "../llm/token-usage.js";
import { isSuccess } from "../rollout/summarize.js";
import type { LlmSkillExtractor } from "./llm-skill-extractor.js";
import type { StoredMemoryItem } from "./memory-item.js";
import { mineSkills, type HabitContrast } from "./mine-skills.js";
import { appendToSkillBank } from "./skill-bank.js";

/** Trajectories of one stack (a candidate id, or `original`). */
export interface SkillSourceEpisodes {
  stack: string;
  trajectories: Trajectory[];
}

/** Options of {@link extractSkills}. */
export interface ExtractSkillsOptions {
  envId: string;
  tools: readonly ToolSpec[];
  sources: readonly SkillSourceEpisodes[];
  /** `mined` (offline, all trajectories at once) or an LLM extractor (one call per trajectory). */
  extractor: "mined" | LlmSkillExtractor;
  /** The bank (JSONL) the items are appended to. */
  out: string;
  onProgress?: (done: number, total: number) => void;
}

/** What an extraction did. */
export interface ExtractionReport {
  out: string;
  extractor: string;
  episodes: number;
  successes: number;
  failures: number;
  /** Items appended to the bank. */
  items: number;
  /** LLM answers dropped as malformed (never stored). */
  malformed: number;
  /** LLM items dropped because they named the task. */
  taskSpecific: number;
  usage: TokenUsage;
  /** The miner's contrasts, every habit (mined only). */
  contrasts?: HabitContrast[];
  /** The appended items. */
  stored: StoredMemoryItem[];
}

/**
 * Extract memory items from trajectories into a bank. The miner contrasts all trajectories
 * at once; an LLM extractor is called per trajectory and its items are appended as each
 * answer arrives, so a failure later loses nothing already extracted.
 */
export async function extractSkills(options: ExtractSkillsOptions): Promise<ExtractionReport> {
  const all = options.sources.flatMap((source) =>
    source.trajectories.map((trajectory) => ({ trajectory, stack: source.stack })),
  );
  const successes = all.filter((entry) => isSuccess(entry.trajectory)).length;
  const base = { out: options.out, episodes: all.length, successes, failures: all.length - successes };
  if (options.extractor === "mined") {
    const stackOf = new Map(all.map((entry) => [entry.trajectory, entry.stack]));
    const mined = mineSkills({
      envId: options.envId,
      tools: options.tools,
      trajectories: all.map((entry) => entry.trajectory),
      stackOf: (trajectory) => stackOf.get(trajectory) ?? "original",
    });
    appendToSkillBank(options.out, mined.items);
    options.onProgress?.(all.length, all.length);
    return {
      ...base,
      extractor: "mined",
      items: mined.items.length,
      malformed: 0,
      taskSpecific: 0,
      usage: emptyTokenUsage(),
      contrasts: mined.contrasts,
      stored: mined.items,
    };
  }
  const extractor = options.extractor;
  const stored: StoredMemoryItem[] = [];
  let malformed = 0;
  let taskSpecific = 0;
  for (const [index, entry] of all.entries()) {
    const result = await extractor.extract(entry.trajectory, {
      envId: options.envId,
      tools: options.tools,
      stack: entry.stack,
    });
    appendToSkillBank(options.out, result.items);
    stored.push(...result.items);
    malformed += result.malformed;
    taskSpecific += result.taskSpecific;
    options.onProgress?.(index + 1, all.length);
  }
  return {
    ...base,
    extractor: extractor.name,
    items: stored.length,
    malformed,
    taskSpecific,
    usage: extractor.totalUsage(),
    stored,
  };
}
