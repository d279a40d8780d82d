import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { deriveSeed } from "../../core/seeding.js";
import { parseWith } from "../../core/validate.js";
import { LangChainChatModel } from "../../llm/langchain-chat-model.js";
import type { LlmCallSettingsInput } from "../../llm/llm-call-settings.js";
import { ModelStructuredChat } from "../../llm/model-structured-chat.js";
import type { StructuredChat } from "../../llm/structured-chat.js";
import { addTokenUsage, emptyTokenUsage, type TokenUsage } from "../../llm/token-usage.js";
import { candidateProposalSchema, type CandidateProposal } from "../candidate.js";
import type { DesignContext, Designer, Diagnosis } from "../designer.js";
import { buildDiagnoseMessages } from "./build-diagnose-messages.js";
import { buildWriteMessages } from "./build-write-messages.js";
import { diagnosisOutputSchema } from "./diagnosis-output-schema.js";
import {
  resolveDesignerPromptBudget,
  type DesignerPromptBudget,
  type DesignerPromptBudgetInput,
} from "./designer-prompt-budget.js";
import { proposalOutputSchema } from "./proposal-output-schema.js";

/** Options of {@link LlmDesigner}. */
export interface LlmDesignerOptions {
  /** The designer's name in records (default `llm:<provider>:<model>`). */
  name?: string;
  /** Call settings, used when the designer wraps an injected LangChain model. */
  settings?: LlmCallSettingsInput;
  /** Character caps of the prompt parts. */
  budget?: DesignerPromptBudgetInput;
  /** Where the prompt templates live (default: the package's `designer-prompts/`). */
  promptsDirectory?: string;
}

/** The usage of one provider response, with the stage that consumed it. */
export interface DesignerUsageRecord {
  stage: "diagnose" | "write";
  usage: TokenUsage;
}

function isLangChainModel(chat: StructuredChat | BaseChatModel): chat is BaseChatModel {
  return "withStructuredOutput" in chat && "_llmType" in chat;
}

function kebabCase(text: string): string {
  return (
    text
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "weakness"
  );
}

/**
 * A designer backed by a chat model (`openai:<model>`, `gemini:<model>`, or an injected
 * {@link StructuredChat} / LangChain `BaseChatModel`). `diagnose` and `write` are
 * structured calls validated with zod; the prompts (from `designer-prompts/`) state the
 * designer rules and show the tools, state schema, harness API, baseline statistics and
 * full baseline rollouts, the target, and every earlier attempt. Each call is seeded from
 * `context.seed` (and the revision), passed to providers that support a seed.
 *
 * A missing, malformed or invalid answer (after the configured re-asks) throws
 * `DESIGNER_OUTPUT`; a provider failure (after retries) throws `PROVIDER`. Neither ever
 * yields a proposal. Token usage of every response is recorded (`usageRecords`) and summed
 * (`usage()`), rejected answers included.
 */
export class LlmDesigner implements Designer {
  readonly name: string;
  /** Usage of every provider response, oldest first. */
  readonly usageRecords: DesignerUsageRecord[] = [];
  private readonly chat: StructuredChat;
  private readonly budget: DesignerPromptBudget;

  constructor(
    chat: StructuredChat | BaseChatModel,
    private readonly options: LlmDesignerOptions = {},
  ) {
    this.chat = isLangChainModel(chat)
      ? new ModelStructuredChat(new LangChainChatModel(chat), { settings: options.settings })
      : chat;
    this.name = options.name ?? `llm:${this.chat.provider}:${this.chat.model}`;
    this.budget = resolveDesignerPromptBudget(options.budget);
  }

  async diagnose(context: DesignContext): Promise<Diagnosis> {
    const messages = await buildDiagnoseMessages(context, this.budget, this.options.promptsDirectory);
    const { value } = await this.chat.invoke(messages, diagnosisOutputSchema, {
      name: "diagnosis",
      description: "The diagnosis of the policy's weaknesses on this task and the direction to move the environment.",
      outputErrorCode: "DESIGNER_OUTPUT",
      seed: deriveSeed(context.seed, "designer", "diagnose"),
      onUsage: (usage) => this.usageRecords.push({ stage: "diagnose", usage }),
    });
    return { ...value, weaknesses: value.weaknesses.map((weakness) => ({ ...weakness, id: kebabCase(weakness.id) })) };
  }

  async write(context: DesignContext, diagnosis: Diagnosis): Promise<CandidateProposal> {
    const messages = await buildWriteMessages(context, diagnosis, this.budget, this.options.promptsDirectory);
    const { value } = await this.chat.invoke(messages, proposalOutputSchema, {
      name: "proposal",
      description: "The candidate harness components (setup and/or rules layers, innermost first) and the rationale.",
      outputErrorCode: "DESIGNER_OUTPUT",
      seed: deriveSeed(context.seed, "designer", "write", context.attempts.length),
      onUsage: (usage) => this.usageRecords.push({ stage: "write", usage }),
    });
    return parseWith(candidateProposalSchema, value, "designer proposal", "DESIGNER_OUTPUT");
  }

  usage(): TokenUsage {
    return addTokenUsage(emptyTokenUsage(), ...this.usageRecords.map((record) => record.usage));
  }
}
