import type { GenerateContentParameters } from "@google/genai";

/** The part of a Gemini response envrigger reads (the SDK's `GenerateContentResponse` fits it). */
export interface GeminiResponse {
  /** The concatenated text parts of the first candidate. */
  readonly text?: string | undefined;
  readonly usageMetadata?: { promptTokenCount?: number; candidatesTokenCount?: number; thoughtsTokenCount?: number } | undefined;
  readonly candidates?: ReadonlyArray<{ finishReason?: string }> | undefined;
}

/**
 * The part of the `@google/genai` client envrigger uses: `models.generateContent`. A real
 * `GoogleGenAI` instance fits it; tests inject a fake object with the same shape.
 */
export interface GeminiClient {
  models: { generateContent(parameters: GenerateContentParameters): Promise<GeminiResponse> };
}
