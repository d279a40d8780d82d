import { describe, expect, it } from "vitest";
import { z } from "zod";
import { EnvriggerError } from "../core/errors.js";
import { ScriptedChatModel, type ScriptedChatReply } from "../testing/scripted-chat-model.js";
import { LangChainChatModel } from "./langchain-chat-model.js";
import { ModelStructuredChat } from "./model-structured-chat.js";
import type { StructuredCallOptions } from "./structured-chat.js";

const answerSchema = z.object({ answer: z.number().int(), reason: z.string() });
const callOptions: StructuredCallOptions = {
  name: "give_answer",
  description: "The answer.",
  outputErrorCode: "DESIGNER_OUTPUT",
};
const messages = [
  { role: "system" as const, content: "You answer." },
  { role: "user" as const, content: "What is 6 x 7?" },
];
const fast = { retries: 2, outputRetries: 1, timeoutMs: 2000, backoff: { initialMs: 1, maxMs: 2 } };

function chatOf(replies: ScriptedChatReply[], settings = fast) {
  const model = new ScriptedChatModel(replies);
  return {
    model,
    chat: new ModelStructuredChat(new LangChainChatModel(model, { model: "scripted-model" }), { settings }),
  };
}

async function rejection(promise: Promise<unknown>): Promise<EnvriggerError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof EnvriggerError) return error;
    throw error;
  }
  throw new Error("expected a rejection");
}

describe("a structured chat over LangChainChatModel", () => {
  it("returns the validated tool-call arguments with usage, binding the schema as a tool", async () => {
    const { model, chat } = chatOf([
      { kind: "tool-call", args: { answer: 42, reason: "6*7" }, usage: { inputTokens: 30, outputTokens: 7 } },
    ]);
    const result = await chat.invoke(messages, answerSchema, callOptions);
    expect(result).toEqual({
      value: { answer: 42, reason: "6*7" },
      usage: { inputTokens: 30, outputTokens: 7, calls: 1 },
      responses: 1,
    });
    expect(model.calls).toHaveLength(1);
    expect(model.calls[0]?.messages).toEqual([
      { role: "system", content: "You answer." },
      { role: "human", content: "What is 6 x 7?" },
    ]);
    const tool = model.calls[0]?.tools[0] as { function: { name: string; parameters: { required: string[] } } };
    expect(tool.function.name).toBe("give_answer");
    expect(tool.function.parameters.required).toEqual(["answer", "reason"]);
  });

  it("asks again after malformed arguments, telling the model what was wrong", async () => {
    const { model, chat } = chatOf([
      { kind: "malformed-tool-call", argumentsText: '{"answer": 4' },
      { kind: "tool-call", args: { answer: 42, reason: "ok" } },
    ]);
    const result = await chat.invoke(messages, answerSchema, callOptions);
    expect(result.value.answer).toBe(42);
    expect(result.responses).toBe(2);
    expect(result.usage.calls).toBe(2);
    const feedback = model.calls[1]?.messages.at(-1)?.content ?? "";
    expect(feedback).toContain("not valid JSON");
    expect(feedback).toContain("give_answer");
  });

  it.each<[string, ScriptedChatReply, RegExp]>([
    ["malformed JSON arguments", { kind: "malformed-tool-call", argumentsText: "{nope" }, /not valid JSON/],
    ["empty output", { kind: "text", text: "" }, /empty output/],
    ["text instead of a call", { kind: "text", text: "The answer is 42." }, /answered with text/],
    [
      "a call to an unknown tool",
      { kind: "tool-call", name: "run_shell", args: { command: "ls" } },
      /unknown tool `run_shell`/,
    ],
    ["arguments failing the schema", { kind: "tool-call", args: { answer: "many" } }, /do not match the schema/],
  ])("raises the output error code after re-asking on %s", async (_label, reply, pattern) => {
    const reported: number[] = [];
    const { model, chat } = chatOf([reply, reply]);
    const error = await rejection(
      chat.invoke(messages, answerSchema, { ...callOptions, onUsage: (usage) => reported.push(usage.calls) }),
    );
    expect(error.code).toBe("DESIGNER_OUTPUT");
    expect(error.message).toMatch(pattern);
    expect(model.calls).toHaveLength(2);
    expect(reported).toEqual([1, 1]);
  });

  it("uses the caller's output error code", async () => {
    const { chat } = chatOf([{ kind: "text", text: "" }], { ...fast, outputRetries: 0 });
    expect(
      (await rejection(chat.invoke(messages, answerSchema, { ...callOptions, outputErrorCode: "POLICY_OUTPUT" }))).code,
    ).toBe("POLICY_OUTPUT");
  });

  it("retries a retryable provider error, then succeeds", async () => {
    const { model, chat } = chatOf([
      { kind: "throw", error: Object.assign(new Error("Service Unavailable"), { status: 503 }) },
      { kind: "throw", error: Object.assign(new Error("Too Many Requests"), { status: 429 }) },
      { kind: "tool-call", args: { answer: 1, reason: "r" } },
    ]);
    const result = await chat.invoke(messages, answerSchema, callOptions);
    expect(result.value.answer).toBe(1);
    expect(model.calls).toHaveLength(3);
  });

  it("does not retry a 401 and never puts the key in the message", async () => {
    const environment = { OPENAI_API_KEY: "sk-live-SECRET-abcdefghijklmnop" };
    const model = new ScriptedChatModel([
      {
        kind: "throw",
        error: Object.assign(new Error("Incorrect API key provided: sk-live-SECRET-abcdefghijklmnop"), { status: 401 }),
      },
    ]);
    const chat = new ModelStructuredChat(new LangChainChatModel(model, { provider: "openai", model: "m" }), {
      settings: fast,
      environment,
    });
    const error = await rejection(chat.invoke(messages, answerSchema, callOptions));
    // A refused key is not the designer's failure: no retry or revision fixes it, the run stops.
    expect(error.code).toBe("PROVIDER_UNAVAILABLE");
    expect(error.message).toContain("HTTP 401");
    expect(error.message).toContain("check OPENAI_API_KEY");
    expect(error.message).not.toContain("SECRET");
    expect(model.calls).toHaveLength(1);
  });

  it("gives up with PROVIDER after the retry budget on persistent failures", async () => {
    const failure: ScriptedChatReply = {
      kind: "throw",
      error: Object.assign(new Error("Bad Gateway"), { status: 502 }),
    };
    const { model, chat } = chatOf([failure, failure, failure]);
    const error = await rejection(chat.invoke(messages, answerSchema, callOptions));
    expect(error.code).toBe("PROVIDER");
    expect(error.message).toContain("after 3 attempts");
    expect(model.calls).toHaveLength(3);
  });

  it("times out a hanging call, retries it, then raises PROVIDER", async () => {
    const { model, chat } = chatOf([{ kind: "hang" }, { kind: "hang" }], { ...fast, retries: 1, timeoutMs: 25 });
    const error = await rejection(chat.invoke(messages, answerSchema, callOptions));
    expect(error.code).toBe("PROVIDER");
    expect(error.message).toContain("no answer within 25 ms");
    expect(model.calls).toHaveLength(2);
  });

  it("recovers when the call after a timeout answers", async () => {
    const { chat } = chatOf([{ kind: "hang" }, { kind: "tool-call", args: { answer: 5, reason: "late" } }], {
      ...fast,
      retries: 1,
      timeoutMs: 25,
    });
    expect((await chat.invoke(messages, answerSchema, callOptions)).value.answer).toBe(5);
  });
});

describe("LangChainChatModel without tool calling", () => {
  it("refuses tools and structured answers with BAD_CONFIG before sending anything", async () => {
    const model = new ScriptedChatModel([{ kind: "text", text: "unused" }]);
    Object.defineProperty(model, "bindTools", { value: undefined });
    const chatModel = new LangChainChatModel(model, { provider: "openai", model: "plain" });
    const signal = new AbortController().signal;
    const tools = [{ name: "inc", description: "Increment.", inputSchema: { type: "object" } }];
    const toolsError = await rejection(chatModel.complete({ messages, tools }, signal));
    expect(toolsError.code).toBe("BAD_CONFIG");
    expect(toolsError.message).toContain("openai:plain cannot call tools");
    const chat = new ModelStructuredChat(chatModel, { settings: fast });
    expect((await rejection(chat.invoke(messages, answerSchema, callOptions))).code).toBe("BAD_CONFIG");
    expect(model.calls).toHaveLength(0);
    const text = await chatModel.complete({ messages, tools: [] }, signal);
    expect(text.text).toBe("unused");
  });
});

describe("ScriptedChatModel", () => {
  it("fails loudly when the script runs out", async () => {
    const { chat } = chatOf([]);
    const error = await rejection(chat.invoke(messages, answerSchema, callOptions));
    expect(error.code).toBe("INTERNAL");
    expect(error.message).toContain("no reply left");
  });
});
