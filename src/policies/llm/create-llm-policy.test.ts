import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createBugFixToolsEnvDefinition } from "../../bridges/bugfix-tools/index.js";
import { EnvriggerError } from "../../core/errors.js";
import { runEpisode } from "../../rollout/run-episode.js";
import {
  startOpenAiCompatibleServer,
  type OpenAiCompatibleServer,
  type ScriptedServerReply,
} from "../../testing/openai-compatible-server.js";
import { ScriptedChatModel } from "../../testing/scripted-chat-model.js";
import { TestEnv } from "../../testing/test-env.js";
import { planFixEdit } from "../bugfix-tools/plan-fix-edit.js";
import { stripLineNumbers } from "../bugfix-tools/strip-line-numbers.js";
import { createLlmPolicy } from "./create-llm-policy.js";
import type { LlmPolicy } from "./llm-policy.js";

function codeOf(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    if (error instanceof EnvriggerError) return error.code;
    throw error;
  }
  return "no error";
}

describe("createLlmPolicy configuration (environment only)", () => {
  it("refuses a bad spec, a missing key, bad options and a mismatched injection before any call", () => {
    expect(codeOf(() => createLlmPolicy("claude:opus", { environment: {} }))).toBe("BAD_ARGUMENT");
    expect(codeOf(() => createLlmPolicy("openai:gpt-4o-mini", { environment: {} }))).toBe("MISSING_SECRET");
    expect(
      codeOf(() =>
        createLlmPolicy("openai:gpt-4o-mini", { environment: { OPENAI_BASE_URL: "https://llm.example.com/v1" } }),
      ),
    ).toBe("MISSING_SECRET");
    expect(codeOf(() => createLlmPolicy("gemini:gemini-2.5-flash", { environment: {} }))).toBe("MISSING_SECRET");
    expect(
      codeOf(() => createLlmPolicy("openai:m", { environment: { OPENAI_API_KEY: "k-1234" }, contextBudgetChars: 10 })),
    ).toBe("BAD_CONFIG");
    expect(
      codeOf(() =>
        createLlmPolicy("openai:m", { environment: { OPENAI_API_KEY: "k-1234" }, settings: { temperature: 5 } }),
      ),
    ).toBe("BAD_CONFIG");
    expect(codeOf(() => createLlmPolicy("gemini:m", { chatModel: new ScriptedChatModel([]) }))).toBe("BAD_ARGUMENT");
  });

  it("needs no key for a local OPENAI_BASE_URL and names policies after the spec", () => {
    const factory = createLlmPolicy("openai:qwen2.5:7b", { environment: { OPENAI_BASE_URL: "http://127.0.0.1:9/v1" } });
    expect(factory().name).toBe("openai:qwen2.5:7b");
    expect(
      createLlmPolicy("gemini:gemini-2.5-flash", { environment: { GEMINI_API_KEY: "g-key-1234" }, name: "gem" })().name,
    ).toBe("gem");
  });

  it("makes a fresh policy per episode, each with its own conversation and usage, sharing the model", async () => {
    // Answers from the latest message, so the interleaving of parallel episodes does not matter.
    const model = new ScriptedChatModel(
      Array.from({ length: 8 }, () => (messages: Array<{ content: string }>) => {
        const counter = Number(/counter (\d+)/.exec(messages.at(-1)?.content ?? "")?.[1] ?? "0");
        return {
          kind: "tool-call" as const,
          name: counter >= 3 ? "submit" : "inc",
          args: {},
          usage: { inputTokens: messages.length, outputTokens: 1 },
        };
      }),
    );
    const factory = createLlmPolicy("openai:scripted", { chatModel: model });
    const [first, second] = [factory() as LlmPolicy, factory() as LlmPolicy];
    expect(first).not.toBe(second);
    const trajectories = await Promise.all([
      runEpisode(new TestEnv(), first, { taskId: "t1", seed: 1 }),
      runEpisode(new TestEnv(), second, { taskId: "t2", seed: 2 }),
    ]);
    expect(trajectories.map((trajectory) => trajectory.evaluation?.success)).toEqual([true, true]);
    // Each request holds only its own episode: 2 + 2 per turn messages, turn by turn.
    const expectedInput = 2 + 4 + 6 + 8;
    expect(first.usage()).toEqual({ inputTokens: expectedInput, outputTokens: 4, calls: 4, malformedCalls: 0 });
    expect(second.usage()).toEqual(first.usage());
  });
});

describe("end to end with the real ChatOpenAI client against a local OpenAI-compatible server", () => {
  let server: OpenAiCompatibleServer | null = null;
  const definition = createBugFixToolsEnvDefinition();
  afterEach(async () => {
    await server?.close();
    server = null;
  });
  afterAll(() => definition.dispose());

  const toolCall = (name: string, args: Record<string, unknown> = {}): ScriptedServerReply => ({
    kind: "tool-call",
    name,
    arguments: args,
    usage: { promptTokens: 120, completionTokens: 12 },
  });

  it("plays a TestEnv episode: tools, seed, temperature and the tool-call conversation on the wire, no key needed", async () => {
    server = await startOpenAiCompatibleServer({
      replies: [toolCall("inc"), toolCall("inc"), toolCall("inc"), toolCall("submit")],
      failFirst: [429],
    });
    const factory = createLlmPolicy("openai:local-model", {
      environment: { OPENAI_BASE_URL: server.baseUrl },
      settings: { temperature: 0, retries: 1, backoff: { initialMs: 1, maxMs: 2 }, timeoutMs: 10_000 },
    });
    const policy = factory() as LlmPolicy;
    const trajectory = await runEpisode(new TestEnv(), policy, { taskId: "t1", seed: 3 });
    expect(trajectory.stopReason).toBe("submit");
    expect(trajectory.evaluation?.success).toBe(true);
    expect(policy.usage()).toEqual({ inputTokens: 480, outputTokens: 48, calls: 4, malformedCalls: 0 });
    // The episode's record carries what the server counted (the cost record sums these).
    expect(trajectory.policyTokens).toEqual({ inputTokens: 480, outputTokens: 48, calls: 4 });
    expect(policy.diagnostics().providerRetries).toBe(1);
    expect(server.requests).toHaveLength(5);
    const body = server.requests[4]?.body as {
      model: string;
      temperature: number;
      seed: number;
      tools: Array<{ type: string; function: { name: string } }>;
      messages: Array<{
        role: string;
        content: string | null;
        tool_call_id?: string;
        tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
      }>;
    };
    expect(body.model).toBe("local-model");
    expect(body.temperature).toBe(0);
    expect(body.seed).toBeTypeOf("number");
    expect(body.tools.map((tool) => tool.function.name)).toEqual(["inc", "dec", "peek", "submit"]);
    expect(body.messages.map((message) => message.role)).toEqual([
      "system",
      "user",
      "assistant",
      "tool",
      "assistant",
      "tool",
      "assistant",
      "tool",
    ]);
    expect(body.messages[2]?.tool_calls?.[0]?.function).toEqual({ name: "inc", arguments: "{}" });
    expect(body.messages[3]).toMatchObject({
      content: "counter 1",
      tool_call_id: body.messages[2]?.tool_calls?.[0]?.id,
    });
    expect(server.requests[0]?.headers.authorization).toBe("[redacted]");
  });

  it("fixes a bugfix-tools task: Read, Edit, tests via Bash, Submit", async () => {
    // Work out the scripted model's Edit from the task's file (a scratch episode, not the policy).
    const scratch = await definition.create();
    const reset = await scratch.reset({ taskId: "divide-1", seed: 0 });
    const filePath = `src/${String(reset.info.functionName)}.js`;
    const source = stripLineNumbers(
      (await scratch.step({ name: "Read", args: { file_path: filePath } })).observation.text,
    );
    await scratch.close();
    const plan = source === null ? null : planFixEdit(source);
    if (plan === null) throw new Error("the scratch episode found no planned edit");

    server = await startOpenAiCompatibleServer({
      replies: [
        toolCall("Read", { file_path: filePath }),
        toolCall("Edit", { file_path: filePath, old_string: plan.oldString, new_string: plan.newString }),
        toolCall("Bash", { command: "npm test" }),
        toolCall("Submit"),
      ],
    });
    const policy = createLlmPolicy("openai:local-coder", {
      environment: { OPENAI_BASE_URL: server.baseUrl },
      settings: { timeoutMs: 10_000 },
    })() as LlmPolicy;
    const env = await definition.create();
    const trajectory = await runEpisode(env, policy, { taskId: "divide-1", seed: 0 });
    await env.close();
    expect(trajectory.stopReason).toBe("submit");
    expect(trajectory.evaluation).toMatchObject({ success: true, score: 1 });
    expect(
      trajectory.steps.map((step) =>
        typeof step.policyAction === "string" ? step.policyAction : step.policyAction.name,
      ),
    ).toEqual(["Read", "Edit", "Bash", "Submit"]);
    expect(trajectory.steps[2]?.observation.text.split("\n").every((line) => line === "pass")).toBe(true);
    const tools = (
      server.requests[0]!.body as {
        tools: Array<{ function: { name: string; parameters: { properties: Record<string, unknown> } } }>;
      }
    ).tools;
    expect(tools.map((tool) => tool.function.name)).toEqual([
      "Read",
      "Edit",
      "Write",
      "Grep",
      "Glob",
      "Bash",
      "Submit",
    ]);
    expect(Object.keys(tools[1]?.function.parameters.properties ?? {})).toEqual([
      "file_path",
      "old_string",
      "new_string",
      "replace_all",
    ]);
    expect(policy.usage()).toMatchObject({ calls: 4, malformedCalls: 0 });
  });
});
