import { isEnvriggerError } from "../core/errors.js";
import type { ToolSpec } from "../core/tool-spec.js";
import type { Trajectory } from "../core/trajectory.js";
import { loadDesignerPrompt } from "../designer/llm/load-designer-prompt.js";
import { renderTrajectory } from "../designer/render-trajectory.js";
import type { ChatMessage } from "../llm/chat-message.js";
import type { StructuredChat } from "../llm/structured-chat.js";
import { addTokenUsage, emptyTokenUsage, type TokenUsage } from "../llm/token-usage.js";
import { isSuccess } from "../rollout/summarize.js";
import { extractionOutputSchema } from "./extraction-output-schema.js";
import { memoryItemText, storeMemoryItem, type MemoryItem, type StoredMemoryItem } from "./memory-item.js";

/** Options of {@link LlmSkillExtractor}. */
export interface LlmSkillExtractorOptions {
  /** The extractor's name in provenance (default `<provider>:<model>`). */
  name?: string;
  /** Where the `skills-*.md` templates are (default the package's `designer-prompts/`). */
  promptsDirectory?: string;
  /** Characters the rendered trajectory may take. Default 16 000. */
  trajectoryChars?: number;
}

/** The context of one trajectory: which env and stack it ran on. */
export interface ExtractionSource {
  envId: string;
  tools: readonly ToolSpec[];
  /** A candidate id, or `original` for the unmodified env. */
  stack: string;
}

/** What one extraction produced. */
export interface ExtractionResult {
  items: StoredMemoryItem[];
  /** Answers dropped (0 or 1): malformed or failing the schema after the chat's output retries. */
  malformed: number;
  /** Items of a valid answer dropped because they name the task id. */
  taskSpecific: number;
  usage: TokenUsage;
}

/** The messages of one extraction call (exported for the leakage test). */
export async function buildExtractionMessages(
  trajectory: Trajectory,
  source: ExtractionSource,
  options: LlmSkillExtractorOptions = {},
): Promise<ChatMessage[]> {
  const tools = source.tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema,
  }));
  const values = {
    tools: JSON.stringify(tools, null, 2),
    trajectory: renderTrajectory(trajectory, { title: "Episode", maxChars: options.trajectoryChars ?? 16_000 }),
  };
  return [
    { role: "system", content: await loadDesignerPrompt("skills-system", {}, options.promptsDirectory) },
    {
      role: "user",
      content: await loadDesignerPrompt(
        isSuccess(trajectory) ? "skills-success" : "skills-failure",
        values,
        options.promptsDirectory,
      ),
    },
  ];
}

/** Whether an item copies the task's id (a task-specific fact the prompt forbids). */
function namesTask(item: MemoryItem, taskId: string): boolean {
  return memoryItemText(item).toLowerCase().includes(taskId.toLowerCase());
}

/**
 * ReasoningBank-style extraction through the LLM plumbing (`openai:` via LangChain
 * `ChatOpenAI`, `gemini:` via `@google/genai`; retries, timeouts, token accounting and
 * redaction are the {@link StructuredChat}'s): one call per trajectory, with the prompt for
 * successes (strategies) or for failures (lessons) from `designer-prompts/`. The answer is
 * validated with zod (at most three items); an answer that stays malformed after the
 * chat's output retries is dropped and counted, never stored, and so is an item that names
 * the task id.
 */
export class LlmSkillExtractor {
  readonly name: string;
  private usage: TokenUsage = emptyTokenUsage();

  constructor(
    private readonly chat: StructuredChat,
    private readonly options: LlmSkillExtractorOptions = {},
  ) {
    this.name = options.name ?? `${chat.provider}:${chat.model}`;
  }

  /** Tokens spent by every call so far. */
  totalUsage(): TokenUsage {
    return { ...this.usage };
  }

  async extract(trajectory: Trajectory, source: ExtractionSource): Promise<ExtractionResult> {
    const messages = await buildExtractionMessages(trajectory, source, this.options);
    let usage = emptyTokenUsage();
    try {
      const answer = await this.chat.invoke(messages, extractionOutputSchema, {
        name: "memory_items",
        description: "Up to three memory items (title, description, content) distilled from the episode.",
        outputErrorCode: "DESIGNER_OUTPUT",
        seed: trajectory.seed,
        onUsage: (reply) => (usage = addTokenUsage(usage, reply)),
      });
      this.usage = addTokenUsage(this.usage, usage);
      const kept = answer.value.items.filter((item) => !namesTask(item, trajectory.taskId));
      const status = isSuccess(trajectory) ? "success" : "failure";
      const items = kept.map((item) =>
        storeMemoryItem(item, {
          envId: source.envId,
          taskIds: [trajectory.taskId],
          stacks: [source.stack],
          status,
          source: "llm",
          evidence: `distilled by ${this.name} from one ${status === "success" ? "successful" : "failed"} episode (seed ${trajectory.seed}, ${trajectory.steps.length} turns, stop ${trajectory.stopReason})`,
          extractor: this.name,
        }),
      );
      return { items, malformed: 0, taskSpecific: answer.value.items.length - kept.length, usage };
    } catch (error) {
      this.usage = addTokenUsage(this.usage, usage);
      if (isEnvriggerError(error, "DESIGNER_OUTPUT")) return { items: [], malformed: 1, taskSpecific: 0, usage };
      throw error;
    }
  }
}
