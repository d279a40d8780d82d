import { EnvriggerError } from "../core/errors.js";

/**
 * The Gemini API key, from `GEMINI_API_KEY` in the environment only. Missing → throws
 * `MISSING_SECRET` with a hint (the message never contains a key).
 */
export function resolveGeminiApiKey(environment: NodeJS.ProcessEnv = process.env): string {
  const apiKey = environment.GEMINI_API_KEY?.trim();
  if (apiKey) return apiKey;
  throw new EnvriggerError("MISSING_SECRET", "GEMINI_API_KEY is not set", {
    hint: "export GEMINI_API_KEY=… (create one in Google AI Studio; keys are read from the environment only and never written to runs/)",
  });
}
