import type { GenerateContentParameters } from "@google/genai";
import { EnvriggerError } from "../core/errors.js";
import type { GeminiClient, GeminiResponse } from "../llm/gemini-client.js";

/** A {@link GeminiClient} test double that records every request it was sent. */
export type ScriptedGeminiClient = GeminiClient & { requests: GenerateContentParameters[] };

/**
 * A fake `GoogleGenAI` for `GeminiChatModel`: answers from a scripted list, in order (a
 * function answer is called, e.g. to throw an `ApiError`), recording every request.
 * Running out of answers throws `INTERNAL` (a test that calls more than it scripted is wrong).
 */
export function scriptedGeminiClient(answers: Array<GeminiResponse | (() => never)>): ScriptedGeminiClient {
  const requests: GenerateContentParameters[] = [];
  return {
    requests,
    models: {
      async generateContent(parameters) {
        requests.push(parameters);
        const answer = answers.shift();
        if (answer === undefined) throw new EnvriggerError("INTERNAL", "fake Gemini client has no answer left");
        return typeof answer === "function" ? answer() : answer;
      },
    },
  };
}
