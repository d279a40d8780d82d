import { ApiError, type GenerateContentParameters } from "@google/genai";
import { describe, expect, it } from "vitest";
import { GeminiChatModel } from "../../llm/gemini-chat-model.js";
import type { GeminiResponse } from "../../llm/gemini-client.js";
import { toGeminiFunctionDeclarations } from "../../llm/to-gemini-function-declarations.js";
import { runEpisode } from "../../rollout/run-episode.js";
import { TestEnv } from "../../testing/test-env.js";
import { createLlmPolicy } from "./create-llm-policy.js";
import { LlmPolicy } from "./llm-policy.js";
import { scriptedGeminiClient } from "../../testing/scripted-gemini-client.js";

const usageMetadata = { promptTokenCount: 50, candidatesTokenCount: 5, thoughtsTokenCount: 2 };
const functionCall = (name: string, args: Record<string, unknown> = {}, thoughtSignature?: string): GeminiResponse => ({
  candidates: [
    {
      finishReason: "STOP",
      content: {
        parts: [
          { text: "thinking…", thought: true },
          { functionCall: { name, args }, ...(thoughtSignature ? { thoughtSignature } : {}) },
        ],
      },
    },
  ],
  usageMetadata,
});

describe("Gemini policy", () => {
  it("declares the tools as functions, sends calls back with their thought signatures and responses, and reaches success", async () => {
    const client = scriptedGeminiClient([
      functionCall("inc", {}, "signature-1"),
      {
        candidates: [{ finishReason: "MALFORMED_FUNCTION_CALL", finishMessage: "Malformed function call: inc(by=)" }],
        usageMetadata,
      },
      () => {
        throw new ApiError({ message: "resource exhausted", status: 429 });
      },
      functionCall("inc"),
      functionCall("inc"),
      functionCall("submit"),
    ]);
    const factory = createLlmPolicy("gemini:gemini-2.5-flash", {
      geminiClient: client,
      settings: { temperature: 0.3, retries: 1, backoff: { initialMs: 1, maxMs: 2 } },
    });
    const policy = factory() as LlmPolicy;
    const trajectory = await runEpisode(new TestEnv(), policy, { taskId: "t1", seed: 4 });
    expect(trajectory.stopReason).toBe("submit");
    expect(trajectory.evaluation?.success).toBe(true);
    expect(trajectory.policy).toBe("gemini:gemini-2.5-flash");
    expect(trajectory.steps[1]?.policyAction).toBe("malformed tool call (unnamed): Malformed function call: inc(by=)");
    expect(policy.usage()).toEqual({ inputTokens: 250, outputTokens: 35, calls: 5, malformedCalls: 1 });
    expect(policy.diagnostics()).toMatchObject({ invalidArguments: 1, providerRetries: 1 });

    const first = client.requests[0] as GenerateContentParameters;
    expect(first.model).toBe("gemini-2.5-flash");
    expect(first.config?.systemInstruction).toMatch(/exactly one of the provided tools/);
    expect(first.config?.tools).toEqual([
      { functionDeclarations: toGeminiFunctionDeclarations(await new TestEnv().tools()) },
    ]);
    expect(first.config).toMatchObject({ temperature: 0.3, seed: expect.any(Number) });
    expect(first.config?.abortSignal).toBeInstanceOf(AbortSignal);
    expect(first.contents).toEqual([{ role: "user", parts: [{ text: "counter 0; reach 3 then submit" }] }]);
    const second = client.requests[1] as GenerateContentParameters;
    expect(second.contents).toEqual([
      { role: "user", parts: [{ text: "counter 0; reach 3 then submit" }] },
      { role: "model", parts: [{ functionCall: { name: "inc", args: {} }, thoughtSignature: "signature-1" }] },
      { role: "user", parts: [{ functionResponse: { name: "inc", response: { output: "counter 1" } } }] },
    ]);
    const last = client.requests.at(-1) as GenerateContentParameters;
    expect((last.contents as unknown[])[3]).toEqual({
      role: "model",
      parts: [{ text: expect.stringContaining("not valid JSON") }],
    });
  });

  it("reduces input schemas to Gemini's subset and leaves parameters out of tools without any", () => {
    const declarations = toGeminiFunctionDeclarations([
      {
        name: "peek",
        description: "Look.",
        inputSchema: { type: "object", properties: {}, additionalProperties: false },
      },
      {
        name: "Read",
        description: "Read a file.",
        inputSchema: {
          $schema: "https://json-schema.org/draft/2020-12/schema",
          properties: { file_path: { type: "string", minLength: 1, const: "a.js" } },
          required: ["file_path"],
        },
      },
    ]);
    expect(declarations).toEqual([
      { name: "peek", description: "Look." },
      {
        name: "Read",
        description: "Read a file.",
        parametersJsonSchema: {
          type: "object",
          properties: { file_path: { type: "string", enum: ["a.js"] } },
          required: ["file_path"],
        },
      },
    ]);
  });

  it("sends no function declarations in text mode and reads the text answer", async () => {
    const client = scriptedGeminiClient([
      { candidates: [{ content: { parts: [{ text: "<call> submit </call>" }] } }] },
    ]);
    const policy = new LlmPolicy(new GeminiChatModel(client, "gemini-2.5-pro"), { mode: "text" });
    const action = await policy.act({
      observation: { text: "Fix it." },
      tools: await new TestEnv().tools(),
      history: [],
      turn: 0,
      rng: () => 0,
      random: (await import("../../core/seeding.js")).createRng(0),
    });
    expect(action).toBe("<call> submit </call>");
    expect(client.requests[0]?.config?.tools).toBeUndefined();
    expect(client.requests[0]?.config?.systemInstruction).toContain("- <call> submit </call> — End the episode.");
    expect(policy.name).toBe("gemini:gemini-2.5-pro");
  });
});
