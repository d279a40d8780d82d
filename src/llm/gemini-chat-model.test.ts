import { ApiError } from "@google/genai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { EnvriggerError } from "../core/errors.js";
import { buildGeminiRequest } from "./build-gemini-request.js";
import { toGeminiJsonSchema } from "./gemini-json-schema.js";
import { GeminiChatModel } from "./gemini-chat-model.js";
import { ModelStructuredChat } from "./model-structured-chat.js";
import { readGeminiAnswer } from "./read-gemini-answer.js";
import { scriptedGeminiClient } from "../testing/scripted-gemini-client.js";

const schema = z.object({
  kind: z.literal("rules"),
  source: z.string().min(1),
  args: z.record(z.string(), z.number()),
});
const callOptions = { name: "proposal", description: "A proposal.", outputErrorCode: "DESIGNER_OUTPUT" as const };
const messages = [
  { role: "system" as const, content: "Designer rules." },
  { role: "user" as const, content: "Baseline data." },
  { role: "assistant" as const, content: "Earlier answer." },
];

describe("Gemini request building and response parsing", () => {
  it("converts a zod schema to Gemini's JSON Schema subset", () => {
    const json = toGeminiJsonSchema(schema);
    expect(json.$schema).toBeUndefined();
    const properties = json.properties as Record<string, Record<string, unknown>>;
    expect(properties.kind).toEqual({ type: "string", enum: ["rules"] });
    expect(properties.source).toEqual({ type: "string" });
    expect(properties.args?.propertyNames).toBeUndefined();
    expect(properties.args?.additionalProperties).toEqual({ type: "number" });
    expect(json.required).toEqual(["kind", "source", "args"]);
  });

  it("builds generateContent parameters: system instruction, roles, JSON mode, sampling", () => {
    const signal = new AbortController().signal;
    const answer = { name: "proposal", description: "A proposal.", schema };
    const request = buildGeminiRequest("gemini-2.5-flash", { messages, answer, temperature: 0.2, seed: 9 }, signal);
    expect(request.model).toBe("gemini-2.5-flash");
    expect(request.contents).toEqual([
      { role: "user", parts: [{ text: "Baseline data." }] },
      { role: "model", parts: [{ text: "Earlier answer." }] },
    ]);
    expect(request.config?.systemInstruction).toBe(
      "Designer rules.\n\nAnswer with one JSON object, the `proposal` (A proposal.), matching the response schema exactly.",
    );
    expect(request.config).toMatchObject({
      responseMimeType: "application/json",
      responseJsonSchema: toGeminiJsonSchema(schema),
      temperature: 0.2,
      seed: 9,
    });
    const plain = buildGeminiRequest("m", { messages, answer: { name: "x", schema } }, signal);
    expect(plain.config).not.toHaveProperty("temperature");
    expect(plain.config).not.toHaveProperty("seed");
    expect(plain.config).not.toHaveProperty("tools");
  });

  it("passes the settings' temperature and seed, a call's seed overriding the settings'", async () => {
    const client = scriptedGeminiClient([
      { text: '{"kind":"rules","source":"x","args":{}}' },
      { text: '{"kind":"rules","source":"x","args":{}}' },
    ]);
    const chat = new ModelStructuredChat(new GeminiChatModel(client, "m"), { settings: { temperature: 0.2, seed: 9 } });
    await chat.invoke(messages, schema, callOptions);
    await chat.invoke(messages, schema, { ...callOptions, seed: 11 });
    expect(client.requests.map((request) => [request.config?.temperature, request.config?.seed])).toEqual([
      [0.2, 9],
      [0.2, 11],
    ]);
  });

  it("reads JSON text (fenced or not), usage, and reports empty or unparsable text", () => {
    const usageMetadata = { promptTokenCount: 100, candidatesTokenCount: 20, thoughtsTokenCount: 5 };
    expect(readGeminiAnswer({ text: '{"a":1}', usageMetadata })).toEqual({
      candidate: { ok: true, value: { a: 1 } },
      usage: { inputTokens: 100, outputTokens: 25, calls: 1 },
    });
    expect(readGeminiAnswer({ text: '```json\n{"a":2}\n```' }).candidate).toEqual({ ok: true, value: { a: 2 } });
    const empty = readGeminiAnswer({ text: "", candidates: [{ finishReason: "SAFETY" }] }).candidate;
    expect(empty.ok === false && empty.problem).toContain("empty output (finish reason SAFETY)");
    const broken = readGeminiAnswer({ text: '{"a": ' }).candidate;
    expect(broken.ok === false && broken.problem).toContain("not valid JSON");
  });
});

describe("a structured chat over GeminiChatModel with an injected client", () => {
  const settings = { retries: 2, outputRetries: 1, timeoutMs: 2000, backoff: { initialMs: 1, maxMs: 2 }, seed: 3 };

  it("retries a 503, then validates the JSON answer with zod", async () => {
    const client = scriptedGeminiClient([
      () => {
        throw new ApiError({ message: "The model is overloaded.", status: 503 });
      },
      {
        text: '{"kind":"rules","source":"export const x = 1;","args":{"n":2}}',
        usageMetadata: { promptTokenCount: 50, candidatesTokenCount: 10 },
      },
    ]);
    const chat = new ModelStructuredChat(new GeminiChatModel(client, "gemini-2.5-flash"), { settings });
    const result = await chat.invoke(messages, schema, callOptions);
    expect(result.value).toEqual({ kind: "rules", source: "export const x = 1;", args: { n: 2 } });
    expect(result.usage).toEqual({ inputTokens: 50, outputTokens: 10, calls: 1 });
    expect(client.requests).toHaveLength(2);
    expect(client.requests[1]?.config?.seed).toBe(3);
    expect(client.requests[1]?.config?.abortSignal).toBeInstanceOf(AbortSignal);
  });

  it("re-asks after an answer failing the schema, then raises DESIGNER_OUTPUT", async () => {
    const client = scriptedGeminiClient([{ text: '{"kind":"setup"}' }, { text: "not json at all" }]);
    const chat = new ModelStructuredChat(new GeminiChatModel(client, "gemini-2.5-flash"), { settings });
    await expect(chat.invoke(messages, schema, callOptions)).rejects.toMatchObject({ code: "DESIGNER_OUTPUT" });
    const retryContents = client.requests[1]?.contents as Array<{ role: string; parts: Array<{ text: string }> }>;
    expect(retryContents.at(-1)?.parts[0]?.text).toContain("do not match the schema");
  });

  it("does not retry a 400 and redacts the key from the message", async () => {
    const environment = { GEMINI_API_KEY: "gem-SECRET-key-value" };
    const client = scriptedGeminiClient([
      () => {
        throw new ApiError({
          message: "API key gem-SECRET-key-value not valid for https://x/?key=gem-SECRET-key-value",
          status: 400,
        });
      },
    ]);
    const chat = new ModelStructuredChat(new GeminiChatModel(client, "gemini-2.5-flash"), { settings, environment });
    const error = await chat.invoke(messages, schema, callOptions).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    if (!(error instanceof EnvriggerError)) throw new Error("expected an EnvriggerError");
    expect(error.code).toBe("PROVIDER");
    expect(error.message).not.toContain("SECRET");
    expect(client.requests).toHaveLength(1);
  });
});
