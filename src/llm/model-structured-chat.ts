import type { z } from "zod";
import { EnvriggerError } from "../core/errors.js";
import { createRng, deriveSeed, type Rng } from "../core/seeding.js";
import { formatIssues } from "../core/validate.js";
import { callProvider } from "./call-provider.js";
import type { ChatMessage } from "./chat-message.js";
import type { ChatAnswerRequest, ChatModel } from "./chat-model.js";
import { resolveLlmCallSettings, type LlmCallSettings, type LlmCallSettingsInput } from "./llm-call-settings.js";
import { redactSecrets } from "./redact-secrets.js";
import type { StructuredCallOptions, StructuredChat, StructuredResult } from "./structured-chat.js";
import { addTokenUsage, emptyTokenUsage } from "./token-usage.js";

/** Options of {@link ModelStructuredChat}. */
export interface ModelStructuredChatOptions {
  settings?: LlmCallSettingsInput;
  /** Environment whose secrets are redacted from messages (default `process.env`). */
  environment?: NodeJS.ProcessEnv;
}

const PROBLEM_EXCERPT = 600;

function excerpt(text: string): string {
  return text.length <= PROBLEM_EXCERPT ? text : `${text.slice(0, PROBLEM_EXCERPT)}… (${text.length} chars)`;
}

/**
 * The {@link StructuredChat} over a {@link ChatModel} (the one provider port). Each request
 * asks for the structured answer (`ChatRequest.answer`) with the settings' temperature and
 * the call's seed (else the settings'), through `callProvider`: a per-call timeout, retries
 * of retryable failures with seeded exponential backoff (non-retryable ones fail at once as
 * `PROVIDER`). The answer is validated with the schema; an invalid one is asked for again —
 * telling the model what was wrong — up to `settings.outputRetries` times before
 * `options.outputErrorCode` is raised. Usage of every response is summed and reported.
 */
export class ModelStructuredChat implements StructuredChat {
  readonly provider: string;
  readonly model: string;
  private readonly settings: LlmCallSettings;
  private readonly rng: Rng;

  constructor(
    private readonly chatModel: ChatModel,
    private readonly options: ModelStructuredChatOptions = {},
  ) {
    this.settings = resolveLlmCallSettings(options.settings);
    this.provider = chatModel.provider;
    this.model = chatModel.model;
    this.rng = createRng(deriveSeed(this.settings.seed ?? 0, "llm-retry-jitter", this.provider, this.model));
  }

  async invoke<T>(
    messages: ChatMessage[],
    schema: z.ZodType<T>,
    options: StructuredCallOptions,
  ): Promise<StructuredResult<T>> {
    const { settings } = this;
    const seed = options.seed ?? settings.seed;
    const answer: ChatAnswerRequest = {
      name: options.name,
      schema,
      ...(options.description === undefined ? {} : { description: options.description }),
    };
    const sampling = {
      ...(seed === undefined ? {} : { seed }),
      ...(settings.temperature === undefined ? {} : { temperature: settings.temperature }),
    };
    let usage = emptyTokenUsage();
    let conversation = messages;
    let lastProblem = "";
    const maxResponses = settings.outputRetries + 1;
    for (let response = 1; response <= maxResponses; response++) {
      const reply = await callProvider(
        (signal) => this.chatModel.complete({ messages: conversation, answer, ...sampling }, signal),
        { provider: this.provider, model: this.model, settings, rng: this.rng, environment: this.options.environment },
      );
      usage = addTokenUsage(usage, reply.usage);
      options.onUsage?.(reply.usage);
      const candidate = reply.answer;
      if (candidate === undefined)
        throw new EnvriggerError("INTERNAL", `the ${this.provider} chat model returned no structured answer`);
      if (candidate.ok) {
        const parsed = schema.safeParse(candidate.value);
        if (parsed.success) return { value: parsed.data, usage, responses: response };
        lastProblem = `the arguments do not match the schema: ${formatIssues(parsed.error)}`;
      } else {
        lastProblem = candidate.problem;
      }
      conversation = [
        ...messages,
        {
          role: "user",
          content: `Your previous answer could not be used: ${excerpt(lastProblem)}\nAnswer again with one \`${options.name}\` that matches its JSON schema exactly (a single call of that tool when tools are offered).`,
        },
      ];
    }
    throw new EnvriggerError(
      options.outputErrorCode,
      redactSecrets(
        `${this.provider} model ${this.model} gave no valid \`${options.name}\` answer in ${maxResponses} response(s): ${excerpt(lastProblem)}`,
        this.options.environment,
      ),
      {
        hint: "the model's answer was rejected, never used; try a stronger model or a lower temperature",
        details: { usage },
      },
    );
  }
}
