import type { z } from "zod";
import { EnvriggerError } from "../core/errors.js";
import type { Rng } from "../core/seeding.js";
import { formatIssues } from "../core/validate.js";
import { callProvider } from "./call-provider.js";
import type { LlmCallSettings } from "./llm-call-settings.js";
import { redactSecrets } from "./redact-secrets.js";
import type { ChatMessage } from "./chat-message.js";
import type { StructuredCandidate } from "./chat-model.js";
import type { StructuredCallOptions, StructuredResult } from "./structured-chat.js";
import { addTokenUsage, emptyTokenUsage, type TokenUsage } from "./token-usage.js";

/** One provider response: the candidate answer and its usage. */
export interface StructuredReply {
  candidate: StructuredCandidate;
  usage: TokenUsage;
}

/** A provider adapter: sends one request and reads the reply, nothing else. */
export interface StructuredRequester {
  provider: string;
  model: string;
  settings: LlmCallSettings;
  /** Jitter source of the backoff (seeded). */
  rng: Rng;
  /** Environment whose secrets are redacted from messages (default `process.env`). */
  environment?: NodeJS.ProcessEnv;
  /** Send one request; reject on provider failure (the signal fires on timeout). */
  request(messages: ChatMessage[], signal: AbortSignal): Promise<StructuredReply>;
}

const PROBLEM_EXCERPT = 600;

function excerpt(text: string): string {
  return text.length <= PROBLEM_EXCERPT ? text : `${text.slice(0, PROBLEM_EXCERPT)}… (${text.length} chars)`;
}

/**
 * The provider-neutral core of every structured call: send with a per-call timeout,
 * retry retryable failures with seeded exponential backoff (non-retryable ones fail at
 * once as `PROVIDER`), validate the answer with `schema`, and ask again — telling the
 * model what was wrong — up to `settings.outputRetries` times before raising
 * `options.outputErrorCode`. Usage of every response is summed and reported.
 */
export async function runStructuredCall<T>(
  requester: StructuredRequester,
  messages: ChatMessage[],
  schema: z.ZodType<T>,
  options: StructuredCallOptions,
): Promise<StructuredResult<T>> {
  const { settings } = requester;
  let usage = emptyTokenUsage();
  let conversation = messages;
  let lastProblem = "";
  const maxResponses = settings.outputRetries + 1;
  for (let response = 1; response <= maxResponses; response++) {
    const reply = await callProvider((signal) => requester.request(conversation, signal), requester);
    usage = addTokenUsage(usage, reply.usage);
    options.onUsage?.(reply.usage);
    if (reply.candidate.ok) {
      const parsed = schema.safeParse(reply.candidate.value);
      if (parsed.success) return { value: parsed.data, usage, responses: response };
      lastProblem = `the arguments do not match the schema: ${formatIssues(parsed.error)}`;
    } else {
      lastProblem = reply.candidate.problem;
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
      `${requester.provider} model ${requester.model} gave no valid \`${options.name}\` answer in ${maxResponses} response(s): ${excerpt(lastProblem)}`,
      requester.environment,
    ),
    {
      hint: "the model's answer was rejected, never used; try a stronger model or a lower temperature",
      details: { usage },
    },
  );
}
