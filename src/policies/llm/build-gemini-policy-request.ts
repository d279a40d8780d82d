import type { Content, GenerateContentParameters, Part } from "@google/genai";
import type { PolicyModelRequest } from "./policy-chat-model.js";
import type { PolicyMessage } from "./policy-message.js";
import { toGeminiFunctionDeclarations } from "./to-gemini-function-declarations.js";

function contentOf(message: Exclude<PolicyMessage, { role: "system" }>): Content {
  switch (message.role) {
    case "user":
      return { role: "user", parts: [{ text: message.content }] };
    case "assistant": {
      const parts: Part[] = message.content.length > 0 ? [{ text: message.content }] : [];
      const call = message.toolCall;
      if (call) {
        parts.push({
          functionCall: { name: call.name, args: call.args },
          ...(call.thoughtSignature === undefined ? {} : { thoughtSignature: call.thoughtSignature }),
        });
      }
      return { role: "model", parts };
    }
    case "tool":
      return {
        role: "user",
        parts: [{ functionResponse: { name: message.toolName, response: { output: message.content } } }],
      };
  }
}

/**
 * The `models.generateContent` parameters of one policy request: system messages become
 * the system instruction; user text, model answers (a function call with its thought
 * signature) and function responses (`{ output }`) become contents; the env's tools become
 * function declarations (none in text mode). Temperature and seed are passed; the abort
 * signal cancels the request.
 */
export function buildGeminiPolicyRequest(
  model: string,
  request: PolicyModelRequest,
  signal: AbortSignal,
): GenerateContentParameters {
  const system = request.messages.filter((message) => message.role === "system").map((message) => message.content);
  const contents = request.messages.flatMap((message) => (message.role === "system" ? [] : [contentOf(message)]));
  return {
    model,
    contents,
    config: {
      ...(system.length > 0 ? { systemInstruction: system.join("\n\n") } : {}),
      ...(request.tools.length > 0
        ? { tools: [{ functionDeclarations: toGeminiFunctionDeclarations(request.tools) }] }
        : {}),
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
      seed: request.seed,
      abortSignal: signal,
    },
  };
}
