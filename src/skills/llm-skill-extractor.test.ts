import type { GenerateContentParameters } from "@google/genai";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bugfixEnv } from "../bridges/bugfix/bugfix-env-definition.js";
import type { ToolSpec } from "../core/tool-spec.js";
import type { Trajectory } from "../core/trajectory.js";
import { createStructuredChat } from "../llm/create-structured-chat.js";
import type { GeminiClient, GeminiResponse } from "../llm/gemini-client.js";
import { GeminiChatModel } from "../llm/gemini-chat-model.js";
import { ModelStructuredChat } from "../llm/model-structured-chat.js";
import { resolvePolicy } from "../policies/policy-registry.js";
import { runRollouts } from "../rollout/run-rollouts.js";
import { isSuccess } from "../rollout/summarize.js";
import { startOpenAiCompatibleServer } from "../testing/openai-compatible-server.js";
import { extractSkills } from "./extract-skills.js";
import { LlmSkillExtractor } from "./llm-skill-extractor.js";
import { readSkillBank } from "./skill-bank.js";

const strategies = {
  items: [
    {
      title: "Verify before submitting",
      description: "When an edit has been made and a test tool exists.",
      content: "Run test after the edit and submit only when every case passes.",
    },
    {
      title: "Read before editing",
      description: "At the start of a bug fix.",
      content: "Read the code and pick the edit the code suggests.",
    },
    {
      title: "Fix range-0 by extending the range",
      description: "Only for range-0.",
      content: "Extend the range end by one.",
    },
  ],
};

let tools: ToolSpec[] = [];
let success: Trajectory;
let failure: Trajectory;

beforeAll(async () => {
  const env = await bugfixEnv.create();
  tools = await env.tools();
  await env.close();
  const hasty = await resolvePolicy("hasty", "bugfix");
  const trajectories = await runRollouts({
    createEnv: () => bugfixEnv.create(),
    policy: hasty.factory,
    tasks: [{ taskId: "range-0" }],
    episodes: 30,
    seed: 5,
  });
  success = trajectories.find(isSuccess)!;
  failure = trajectories.find((trajectory) => !isSuccess(trajectory))!;
  expect(success && failure).toBeTruthy();
});

afterAll(async () => {
  await bugfixEnv.dispose();
});

const sources = () => [{ stack: "original", trajectories: [success, failure] }];
const bankPath = () => join(mkdtempSync(join(tmpdir(), "llm-bank-")), "bank.jsonl");

describe("LLM skill extraction", () => {
  it("through the real ChatOpenAI against the local server: items stored with provenance, a malformed reply stores nothing and is counted", async () => {
    const server = await startOpenAiCompatibleServer({
      replies: [
        { kind: "tool-call", arguments: strategies, usage: { promptTokens: 900, completionTokens: 120 } },
        {
          kind: "tool-call",
          arguments: '{"items": [{"title": "unterminated',
          usage: { promptTokens: 800, completionTokens: 7 },
        },
      ],
    });
    try {
      const chat = createStructuredChat("openai:skill-model", {
        environment: { OPENAI_BASE_URL: server.baseUrl },
        settings: { outputRetries: 0, retries: 0 },
      });
      const extractor = new LlmSkillExtractor(chat, { name: "openai:skill-model" });
      const out = bankPath();
      const report = await extractSkills({ envId: "bugfix", tools, sources: sources(), extractor, out });
      expect(report).toMatchObject({ episodes: 2, successes: 1, failures: 1, items: 2, malformed: 1, taskSpecific: 1 });
      expect(report.usage).toEqual({ inputTokens: 1700, outputTokens: 127, calls: 2 });
      const bank = readSkillBank(out);
      expect(bank.items.map((item) => item.title)).toEqual(["Verify before submitting", "Read before editing"]);
      for (const item of bank.items) {
        expect(item.provenance).toMatchObject({
          envId: "bugfix",
          taskIds: ["range-0"],
          stacks: ["original"],
          status: "success",
          source: "llm",
          extractor: "openai:skill-model",
        });
        expect(item.provenance.evidence).toContain(`seed ${success.seed}`);
      }
      // The success prompt for the success, the failure prompt for the failure; the answer is a `memory_items` function call.
      const bodies = server.requests.map(
        (request) =>
          request.body as {
            messages: Array<{ role: string; content: string }>;
            tools: Array<{ function: { name: string } }>;
          },
      );
      expect(bodies).toHaveLength(2);
      expect(bodies[0]!.messages[0]!.content).toContain("You distil reusable skills");
      expect(bodies[0]!.messages[1]!.content).toContain("A successful episode");
      expect(bodies[1]!.messages[1]!.content).toContain("A failed episode");
      expect(bodies[0]!.tools[0]!.function.name).toBe("memory_items");
      expect(bodies[0]!.messages[1]!.content).toContain("<call> read </call>");
    } finally {
      await server.close();
    }
  });

  it("refuses more than three items per trajectory (dropped and counted, never stored)", async () => {
    const four = {
      items: [
        ...strategies.items.slice(0, 2),
        ...strategies.items.slice(0, 2).map((item) => ({ ...item, title: `${item.title} again` })),
      ],
    };
    const server = await startOpenAiCompatibleServer({ replies: [{ kind: "tool-call", arguments: four }] });
    try {
      const chat = createStructuredChat("openai:skill-model", {
        environment: { OPENAI_BASE_URL: server.baseUrl },
        settings: { outputRetries: 0, retries: 0 },
      });
      const result = await new LlmSkillExtractor(chat).extract(success, { envId: "bugfix", tools, stack: "original" });
      expect(result).toMatchObject({ items: [], malformed: 1 });
    } finally {
      await server.close();
    }
  });

  it("through the Gemini path with a scripted client", async () => {
    const requests: GenerateContentParameters[] = [];
    const answers: GeminiResponse[] = [
      {
        text: JSON.stringify({ items: strategies.items.slice(0, 1) }),
        usageMetadata: { promptTokenCount: 500, candidatesTokenCount: 40 },
      },
      { text: "not json at all", usageMetadata: { promptTokenCount: 400, candidatesTokenCount: 4 } },
    ];
    const client: GeminiClient = {
      models: {
        async generateContent(parameters) {
          requests.push(parameters);
          return answers.shift() ?? { text: "" };
        },
      },
    };
    const extractor = new LlmSkillExtractor(
      new ModelStructuredChat(new GeminiChatModel(client, "gemini-test"), {
        settings: { outputRetries: 0, retries: 0 },
      }),
    );
    expect(extractor.name).toBe("gemini:gemini-test");
    const out = bankPath();
    const report = await extractSkills({
      envId: "bugfix",
      tools,
      sources: [{ stack: "c0ffee", trajectories: [failure, success] }],
      extractor,
      out,
    });
    expect(report).toMatchObject({ items: 1, malformed: 1, usage: { inputTokens: 900, outputTokens: 44, calls: 2 } });
    const [item] = readSkillBank(out).items;
    expect(item?.provenance).toMatchObject({
      status: "failure",
      stacks: ["c0ffee"],
      source: "llm",
      extractor: "gemini:gemini-test",
    });
    expect(requests).toHaveLength(2);
    expect(JSON.stringify(requests[0]!.contents)).toContain("A failed episode");
    expect(requests[0]!.config?.responseMimeType).toBe("application/json");
  });
});
