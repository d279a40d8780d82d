import type { GenerateContentParameters } from "@google/genai";

/** The part of a Gemini content part envrigger reads (the SDK's `Part` fits it). */
export interface GeminiPart {
  readonly text?: string | undefined;
  /** True for a thought summary (not part of the answer). */
  readonly thought?: boolean | undefined;
  /** Opaque signature the model expects back with this part in later turns. */
  readonly thoughtSignature?: string | undefined;
  readonly functionCall?:
    | {
        readonly id?: string | undefined;
        readonly name?: string | undefined;
        readonly args?: Record<string, unknown> | undefined;
      }
    | undefined;
}

/** The part of a Gemini response envrigger reads (the SDK's `GenerateContentResponse` fits it). */
export interface GeminiResponse {
  /** The concatenated text parts of the first candidate. */
  readonly text?: string | undefined;
  readonly usageMetadata?:
    | {
        promptTokenCount?: number;
        candidatesTokenCount?: number;
        thoughtsTokenCount?: number;
        /** Of the prompt tokens, those served from cached content. */
        cachedContentTokenCount?: number;
      }
    | undefined;
  readonly candidates?:
    | ReadonlyArray<{
        finishReason?: string;
        /** Why generation stopped, in words (e.g. the text of a malformed function call). */
        finishMessage?: string;
        /** The candidate's parts (text, thoughts, function calls). */
        content?: { readonly parts?: ReadonlyArray<GeminiPart> | undefined } | undefined;
      }>
    | undefined;
}

/**
 * The part of the `@google/genai` client envrigger uses: `models.generateContent`. A real
 * `GoogleGenAI` instance fits it; tests inject a fake object with the same shape.
 */
export interface GeminiClient {
  models: { generateContent(parameters: GenerateContentParameters): Promise<GeminiResponse> };
}
