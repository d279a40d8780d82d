import type { GeminiClient } from "../../llm/gemini-client.js";
import { buildGeminiPolicyRequest } from "./build-gemini-policy-request.js";
import type { PolicyChatModel, PolicyModelReply, PolicyModelRequest } from "./policy-chat-model.js";
import { readGeminiPolicyReply } from "./read-gemini-policy-reply.js";

/**
 * A {@link PolicyChatModel} over `@google/genai`: `models.generateContent` with the env's
 * tools as function declarations, the conversation as contents (function calls and
 * responses included), temperature and seed. The client is injected: a `GoogleGenAI`
 * instance, or a fake with the same `models.generateContent`.
 */
export class GeminiPolicyModel implements PolicyChatModel {
  readonly provider = "gemini";

  constructor(
    private readonly client: GeminiClient,
    readonly model: string,
  ) {}

  async complete(request: PolicyModelRequest, signal: AbortSignal): Promise<PolicyModelReply> {
    return readGeminiPolicyReply(
      await this.client.models.generateContent(buildGeminiPolicyRequest(this.model, request, signal)),
    );
  }
}
