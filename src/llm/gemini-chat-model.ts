import { buildGeminiRequest } from "./build-gemini-request.js";
import type { ChatModel, ChatReply, ChatRequest } from "./chat-model.js";
import type { GeminiClient } from "./gemini-client.js";
import { readGeminiAnswer } from "./read-gemini-answer.js";
import { readGeminiReply } from "./read-gemini-reply.js";

/**
 * The {@link ChatModel} over `@google/genai`: `models.generateContent` with the tools as
 * function declarations, the conversation as contents (function calls and responses
 * included), temperature and seed; a structured answer is asked for in JSON mode
 * (`responseJsonSchema`) and read from the response's text. The client is injected: a
 * `GoogleGenAI` instance, or a fake with the same `models.generateContent`.
 */
export class GeminiChatModel implements ChatModel {
  readonly provider = "gemini";

  constructor(
    private readonly client: GeminiClient,
    readonly model: string,
  ) {}

  async complete(request: ChatRequest, signal: AbortSignal): Promise<ChatReply> {
    const response = await this.client.models.generateContent(buildGeminiRequest(this.model, request, signal));
    const reply = readGeminiReply(response);
    return request.answer === undefined ? reply : { ...reply, answer: readGeminiAnswer(response).candidate };
  }
}
