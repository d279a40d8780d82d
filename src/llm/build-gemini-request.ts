import type { Content, GenerateContentParameters, Part } from "@google/genai";
import type { ChatMessage } from "./chat-message.js";
import type { ChatAnswerRequest, ChatRequest } from "./chat-model.js";
import { toGeminiJsonSchema } from "./gemini-json-schema.js";
import { toGeminiFunctionDeclarations } from "./to-gemini-function-declarations.js";

function contentOf(message: Exclude<ChatMessage, { role: "system" }>): Content {
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

/** The system-instruction line that asks for the structured answer. */
function answerInstruction(answer: ChatAnswerRequest): string {
  return `Answer with one JSON object, the \`${answer.name}\`${answer.description ? ` (${answer.description})` : ""}, matching the response schema exactly.`;
}

/**
 * The `models.generateContent` parameters of one request: system messages become the
 * system instruction; user text, model answers (text, a function call with its thought
 * signature) and function responses (`{ output }`) become contents; the tools become
 * function declarations (none when there are none). A structured answer is requested as
 * JSON (`responseMimeType: "application/json"` with the schema as `responseJsonSchema`,
 * see `toGeminiJsonSchema`) and named at the end of the system instruction. Temperature and
 * seed are passed when set; the abort signal cancels the request.
 */
export function buildGeminiRequest(
  model: string,
  request: ChatRequest,
  signal: AbortSignal,
): GenerateContentParameters {
  const system = request.messages.filter((message) => message.role === "system").map((message) => message.content);
  const instructions = request.answer === undefined ? system : [...system, answerInstruction(request.answer)];
  const contents = request.messages.flatMap((message) => (message.role === "system" ? [] : [contentOf(message)]));
  const tools = request.tools ?? [];
  return {
    model,
    contents,
    config: {
      ...(instructions.length > 0 ? { systemInstruction: instructions.join("\n\n") } : {}),
      ...(tools.length > 0 ? { tools: [{ functionDeclarations: toGeminiFunctionDeclarations(tools) }] } : {}),
      ...(request.answer === undefined
        ? {}
        : { responseMimeType: "application/json", responseJsonSchema: toGeminiJsonSchema(request.answer.schema) }),
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
      ...(request.seed === undefined ? {} : { seed: request.seed }),
      abortSignal: signal,
    },
  };
}
