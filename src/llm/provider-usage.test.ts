import { AIMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { readGeminiAnswer } from "./read-gemini-answer.js";
import { readToolCallAnswer } from "./read-tool-call-answer.js";

describe("the usage of a structured answer (designers, extractors)", () => {
  it("counts OpenAI's cached prompt tokens, as LangChain reports them", () => {
    const message = new AIMessage({
      content: "",
      tool_calls: [{ id: "c1", name: "answer", args: { value: 1 }, type: "tool_call" }],
      usage_metadata: {
        input_tokens: 1200,
        output_tokens: 30,
        total_tokens: 1230,
        input_token_details: { cache_read: 1024 },
      },
    });
    expect(readToolCallAnswer(message, "answer").usage).toEqual({
      inputTokens: 1200,
      outputTokens: 30,
      calls: 1,
      cachedInputTokens: 1024,
    });
  });

  it("counts Gemini's cachedContentTokenCount, and thinking tokens as output", () => {
    const reply = readGeminiAnswer({
      text: '{"value": 1}',
      usageMetadata: {
        promptTokenCount: 900,
        candidatesTokenCount: 20,
        thoughtsTokenCount: 5,
        cachedContentTokenCount: 512,
      },
    });
    expect(reply.usage).toEqual({ inputTokens: 900, outputTokens: 25, calls: 1, cachedInputTokens: 512 });
  });

  it("reports no cached tokens when the provider gives none", () => {
    expect(readGeminiAnswer({ text: "{}", usageMetadata: { promptTokenCount: 10 } }).usage).toEqual({
      inputTokens: 10,
      outputTokens: 0,
      calls: 1,
    });
  });
});
