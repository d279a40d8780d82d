import type { GenerateContentParameters } from "@google/genai";
import type { LlmCallSettings } from "./llm-call-settings.js";
import type { ChatMessage } from "./structured-chat.js";

/** What a Gemini structured request is built from. */
export interface GeminiRequestInput {
  model: string;
  messages: ChatMessage[];
  /** The answer's JSON Schema (see `toGeminiJsonSchema`). */
  jsonSchema: Record<string, unknown>;
  /** The answer's name and description, stated in the system instruction. */
  name: string;
  description?: string;
  settings: LlmCallSettings;
  /** The call's seed; overrides `settings.seed`. */
  seed?: number;
  signal?: AbortSignal;
}

/**
 * The `models.generateContent` parameters of a structured call: system messages become the
 * system instruction, user/assistant messages become `user`/`model` contents, and the answer
 * is requested as JSON (`responseMimeType: "application/json"` with `responseJsonSchema`).
 * Temperature and seed are passed when set; the abort signal cancels the request.
 */
export function buildGeminiRequest(input: GeminiRequestInput): GenerateContentParameters {
  const system = input.messages.filter((message) => message.role === "system").map((message) => message.content);
  const answer = `Answer with one JSON object, the \`${input.name}\`${input.description ? ` (${input.description})` : ""}, matching the response schema exactly.`;
  const contents = input.messages
    .filter((message) => message.role !== "system")
    .map((message) => ({ role: message.role === "assistant" ? "model" : "user", parts: [{ text: message.content }] }));
  return {
    model: input.model,
    contents,
    config: {
      systemInstruction: [...system, answer].join("\n\n"),
      responseMimeType: "application/json",
      responseJsonSchema: input.jsonSchema,
      ...(input.settings.temperature === undefined ? {} : { temperature: input.settings.temperature }),
      ...((input.seed ?? input.settings.seed) === undefined ? {} : { seed: input.seed ?? input.settings.seed }),
      ...(input.signal === undefined ? {} : { abortSignal: input.signal }),
    },
  };
}
