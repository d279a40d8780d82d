import { afterAll, describe, expect, it } from "vitest";
import { bugFixTools, createBugFixEnvDefinition } from "../../bridges/bugfix/index.js";
import type { Trajectory } from "../../core/trajectory.js";
import { runEpisode } from "../../rollout/run-episode.js";
import { ScriptedChatModel, type ScriptedChatReply } from "../../testing/scripted-chat-model.js";
import { TestEnv } from "../../testing/test-env.js";
import { LangChainChatModel } from "../../llm/langchain-chat-model.js";
import { LlmPolicy, type LlmPolicyOptions } from "./llm-policy.js";

const call = (name: string, args: Record<string, unknown> = {}): ScriptedChatReply => ({
  kind: "tool-call",
  name,
  args,
  usage: { inputTokens: 100, outputTokens: 10 },
});
const text = (value: string): ScriptedChatReply => ({
  kind: "text",
  text: value,
  usage: { inputTokens: 100, outputTokens: 10 },
});
const fastRetries = { retries: 2, backoff: { initialMs: 1, maxMs: 2 } };

function policyOf(
  replies: ScriptedChatReply[],
  options: LlmPolicyOptions = {},
): { model: ScriptedChatModel; policy: LlmPolicy } {
  const model = new ScriptedChatModel(replies);
  return {
    model,
    policy: new LlmPolicy(new LangChainChatModel(model, { provider: "openai", model: "scripted" }), options),
  };
}

function actions(trajectory: Trajectory): unknown[] {
  return trajectory.steps.map((step) => step.policyAction);
}

describe("LlmPolicy in tools mode (scripted chat model, TestEnv, runEpisode)", () => {
  it("plays a tool-calling episode to success, with the conversation, tools and seed sent each turn", async () => {
    const { model, policy } = policyOf([call("inc"), call("inc"), call("inc"), call("submit")]);
    const trajectory = await runEpisode(new TestEnv(), policy, { taskId: "t1", seed: 7 });
    expect(trajectory.stopReason).toBe("submit");
    expect(trajectory.evaluation?.success).toBe(true);
    expect(trajectory.policy).toBe("openai:scripted");
    expect(actions(trajectory)).toEqual([
      { name: "inc", args: {} },
      { name: "inc", args: {} },
      { name: "inc", args: {} },
      { name: "submit", args: {} },
    ]);
    expect(model.calls).toHaveLength(4);
    const tools = model.calls[0]?.tools as Array<{
      type: string;
      function: { name: string; parameters: { type: string } };
    }>;
    expect(tools.map((tool) => tool.function.name)).toEqual(["inc", "dec", "peek", "submit"]);
    expect(tools[0]).toMatchObject({ type: "function", function: { parameters: { type: "object" } } });
    const first = model.calls[0]?.messages ?? [];
    expect(first.map((message) => message.role)).toEqual(["system", "human"]);
    expect(first[0]?.content).toMatch(/exactly one of the provided tools/);
    expect(first[1]?.content).toBe("counter 0; reach 3 then submit");
    const last = model.calls[3]?.messages ?? [];
    expect(last.map((message) => message.role)).toEqual(["system", "human", "ai", "tool", "ai", "tool", "ai", "tool"]);
    expect(last.filter((message) => message.role === "tool").map((message) => message.content)).toEqual([
      "counter 1",
      "counter 2",
      "counter 3",
    ]);
    const seeds = model.calls.map((recorded) => recorded.seed);
    expect(new Set(seeds).size).toBe(1);
    expect(seeds[0]).toBeTypeOf("number");
    expect(policy.usage()).toEqual({ inputTokens: 400, outputTokens: 40, calls: 4, malformedCalls: 0 });
  });

  it("derives the sampling seed from the episode seed (same seed, same request seed)", async () => {
    const seedOf = async (seed: number) => {
      const { model, policy } = policyOf([call("submit")]);
      await runEpisode(new TestEnv(), policy, { taskId: "t1", seed });
      return model.calls[0]?.seed;
    };
    expect(await seedOf(1)).toBe(await seedOf(1));
    expect(await seedOf(1)).not.toBe(await seedOf(2));
  });

  it("turns a malformed call, an unknown tool and an empty answer into refused turns, counted, and the episode goes on", async () => {
    const { model, policy } = policyOf([
      {
        kind: "malformed-tool-call",
        name: "inc",
        argumentsText: '{"by": 1',
        usage: { inputTokens: 100, outputTokens: 10 },
      },
      call("jump", { height: 2 }),
      text(""),
      text("inc"),
      call("inc"),
      call("inc"),
      call("submit"),
    ]);
    const trajectory = await runEpisode(new TestEnv(), policy, { taskId: "t1", seed: 1 });
    expect(trajectory.stopReason).toBe("submit");
    expect(trajectory.evaluation?.success).toBe(true);
    expect(actions(trajectory).slice(0, 4)).toEqual([
      'malformed tool call inc: {"by": 1',
      { name: "jump", args: { height: 2 } },
      "",
      "inc",
    ]);
    expect(trajectory.steps.slice(0, 4).map((step) => step.observation.text)).toEqual([
      "error: malformed",
      "error: unknown tool jump",
      "error: malformed",
      "counter 1",
    ]);
    expect(trajectory.steps.map((step) => step.parsedAction?.name ?? null)).toEqual([
      null,
      "jump",
      null,
      "inc",
      "inc",
      "inc",
      "submit",
    ]);
    expect(policy.usage()).toEqual({ inputTokens: 700, outputTokens: 70, calls: 7, malformedCalls: 3 });
    expect(policy.diagnostics()).toMatchObject({
      invalidArguments: 1,
      unknownTools: 1,
      emptyAnswers: 1,
      textAnswers: 1,
    });
    // The model is shown what went wrong, then the env's response.
    const fourth = model.calls[3]?.messages ?? [];
    expect(fourth.slice(2).map((message) => message.role)).toEqual(["ai", "human", "ai", "human", "ai", "human"]);
    expect(fourth[2]?.content).toContain("not valid JSON");
    expect(fourth[3]?.content).toMatch(/^Your previous answer was not a valid tool call: .*\n\nerror: malformed$/s);
    expect(fourth[5]?.content).toMatch(
      /called `jump`, which is not one of the tools \(inc, dec, peek, submit\)\.\n\nerror: unknown tool jump$/,
    );
    expect(fourth[7]?.content).toMatch(
      /^Your previous answer was empty\. Call exactly one of the tools\.\n\nerror: malformed$/,
    );
  });
});

describe("LlmPolicy context budget", () => {
  const long = (turn: number) => `output ${turn} begins ${"x".repeat(3_000)} output ${turn} ends`;
  const budget = 4_000;

  it("keeps every request within the budget: older outputs shortened first, then the oldest turns dropped; system prompt, task and latest observation whole", async () => {
    let turn = 0;
    const env = new TestEnv({
      maxTurns: 10,
      onStep: (state, action) => (action.name === "submit" ? ((state.done = true), "submitted") : long(++turn)),
    });
    const { model, policy } = policyOf([...Array.from({ length: 6 }, () => call("peek")), call("submit")], {
      contextBudgetChars: budget,
    });
    const trajectory = await runEpisode(env, policy, { taskId: "t1", seed: 1, maxTurns: 7 });
    expect(trajectory.steps).toHaveLength(7);
    expect(model.calls).toHaveLength(7);
    for (const [index, recorded] of model.calls.entries()) {
      const characters = recorded.messages.reduce((sum, message) => sum + message.content.length, 0);
      expect(characters).toBeLessThanOrEqual(budget);
      expect(recorded.messages[0]?.role).toBe("system");
      expect(recorded.messages[1]?.content.startsWith("counter 0; reach 3 then submit")).toBe(true);
      if (index > 0) expect(recorded.messages.at(-1)?.content).toBe(long(index));
    }
    const third = model.calls[2]?.messages ?? [];
    const older = third.filter((message) => message.role === "tool").slice(0, -1);
    expect(older[0]?.content).toMatch(/^output 1 begins x+\n\[… \d+ characters omitted …\]\nx+ output 1 ends$/);
    const last = model.calls[6]?.messages ?? [];
    expect(last[1]?.content).toMatch(/\[… \d earlier turns omitted to fit the context budget …\]$/);
    expect(policy.diagnostics().fittedRequests).toBeGreaterThanOrEqual(5);
    expect(policy.diagnostics().overBudgetRequests).toBe(0);
  });
});

describe("LlmPolicy provider failures", () => {
  const secret = "sk-testsecret0123456789abcdefXYZ";
  const environment = { OPENAI_API_KEY: secret };
  const httpError = (status: number, message: string) => Object.assign(new Error(message), { status });

  it("retries a retryable provider error and goes on", async () => {
    const { model, policy } = policyOf(
      [{ kind: "throw", error: httpError(503, "overloaded") }, call("inc"), call("inc"), call("inc"), call("submit")],
      { settings: fastRetries },
    );
    const trajectory = await runEpisode(new TestEnv(), policy, { taskId: "t1", seed: 1 });
    expect(trajectory.stopReason).toBe("submit");
    expect(model.calls).toHaveLength(5);
    expect(policy.diagnostics().providerRetries).toBe(1);
    expect(policy.usage().calls).toBe(4);
  });

  it("ends the episode with stop reason error after retries run out, naming provider, model and attempts", async () => {
    const failure: ScriptedChatReply = { kind: "throw", error: httpError(503, "overloaded") };
    const { policy } = policyOf([call("inc"), failure, failure, failure], { settings: fastRetries, environment });
    const trajectory = await runEpisode(new TestEnv(), policy, { taskId: "t1", seed: 1 });
    expect(trajectory.stopReason).toBe("error");
    expect(trajectory.steps).toHaveLength(1);
    expect(trajectory.error).toMatch(/^openai model scripted failed \(HTTP 503\) after 3 attempts: overloaded/);
    expect(trajectory.error).toContain("hint: the provider failed; retry later");
  });

  it("redacts secrets from the error of a non-retryable failure (one attempt)", async () => {
    const { model, policy } = policyOf(
      [{ kind: "throw", error: httpError(401, `Incorrect API key provided: ${secret}`) }],
      { settings: fastRetries, environment },
    );
    const trajectory = await runEpisode(new TestEnv(), policy, { taskId: "t1", seed: 1 });
    expect(trajectory.stopReason).toBe("error");
    expect(model.calls).toHaveLength(1);
    expect(trajectory.error).not.toContain(secret);
    expect(trajectory.error).toContain("[redacted]");
    expect(trajectory.error).toMatch(/\(HTTP 401\) after 1 attempt: .*check OPENAI_API_KEY/s);
  });

  it("times out a hanging call, retries it, then stops with error", async () => {
    const { model, policy } = policyOf([{ kind: "hang" }, { kind: "hang" }], {
      settings: { timeoutMs: 30, retries: 1, backoff: { initialMs: 1, maxMs: 2 } },
    });
    const trajectory = await runEpisode(new TestEnv(), policy, { taskId: "t1", seed: 1 });
    expect(model.calls).toHaveLength(2);
    expect(trajectory.stopReason).toBe("error");
    expect(trajectory.error).toMatch(/after 2 attempts: the model gave no answer within 30 ms/);
  });
});

describe("LlmPolicy in text mode on a text-grammar env (BugFix)", () => {
  const definition = createBugFixEnvDefinition();
  afterAll(() => definition.dispose());

  it("teaches the <call> grammar, binds no tools, returns raw text; a malformed text costs a turn", async () => {
    const { model, policy } = policyOf(
      [
        text("<call> read </call>"),
        text("I will now add a zero guard."),
        text(" "),
        text("<call> edit guard_zero </call>"),
        text("<call> submit </call>"),
      ],
      { mode: "text", skills: ["Run the tests before you submit."] },
    );
    const env = await definition.create();
    const trajectory = await runEpisode(env, policy, { taskId: "divide-1", seed: 0 });
    await env.close();
    expect(trajectory.stopReason).toBe("submit");
    expect(trajectory.evaluation?.success).toBe(true);
    expect(actions(trajectory)).toEqual([
      "<call> read </call>",
      "I will now add a zero guard.",
      "",
      "<call> edit guard_zero </call>",
      "<call> submit </call>",
    ]);
    expect(trajectory.steps.map((step) => step.parsedAction?.name ?? null)).toEqual([
      "read",
      null,
      null,
      "edit",
      "submit",
    ]);
    expect(trajectory.steps[1]?.observation.text).toMatch(/^error: malformed call/);
    expect(model.calls.every((recorded) => recorded.tools.length === 0)).toBe(true);
    const system = model.calls[0]?.messages[0]?.content ?? "";
    expect(system).toContain("<call> TOOL ARG </call>");
    expect(system).toContain("- <call> edit OP </call> — ");
    expect(system).toContain("guard_zero");
    expect(system).toContain(
      "## Skills\nNotes from earlier work on similar tasks; use them where they apply:\n- Run the tests before you submit.",
    );
    const roles = model.calls[4]?.messages.map((message) => message.role);
    expect(roles).toEqual(["system", "human", "ai", "human", "ai", "human", "ai", "human", "ai", "human"]);
    expect(policy.usage().malformedCalls).toBe(1);
    expect(policy.diagnostics()).toMatchObject({ emptyAnswers: 1, textAnswers: 0 });
    expect(bugFixTools().map((tool) => tool.name)).toEqual(["read", "test", "edit", "submit"]);
  });
});
