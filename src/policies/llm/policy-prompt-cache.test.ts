import { afterEach, describe, expect, it } from "vitest";
import { runEpisode } from "../../rollout/run-episode.js";
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from "../../testing/openai-compatible-server.js";
import { TestEnv } from "../../testing/test-env.js";
import { createLlmPolicy } from "./create-llm-policy.js";
import type { LlmPolicy } from "./llm-policy.js";

let server: OpenAiCompatibleServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A tool call whose usage says `cachedTokens` of its 120 prompt tokens came from the provider's cache. */
const toolCall = (name: string, cachedTokens: number) => ({
  kind: "tool-call" as const,
  name,
  arguments: {},
  usage: { promptTokens: 120, completionTokens: 12, cachedTokens },
});

describe("an LLM policy and the provider's prompt cache (issue 32)", () => {
  it("counts cached prompt tokens apart, and sends each turn's conversation as the last one's plus the new turn, byte for byte", async () => {
    server = await startOpenAiCompatibleServer({
      replies: [toolCall("inc", 0), toolCall("inc", 64), toolCall("inc", 96), toolCall("submit", 112)],
    });
    const policy = createLlmPolicy("openai:local-model", {
      environment: { OPENAI_BASE_URL: server.baseUrl },
      settings: { temperature: 0, retries: 0, timeoutMs: 10_000 },
    })() as LlmPolicy;
    const trajectory = await runEpisode(new TestEnv(), policy, { taskId: "t1", seed: 3 });
    expect(trajectory.stopReason).toBe("submit");
    expect(trajectory.policyTokens).toEqual({ inputTokens: 480, outputTokens: 48, calls: 4, cachedInputTokens: 272 });
    // What a provider caches is the longest prefix it saw before: the tools, the system
    // prompt and every earlier message must come back unchanged, byte for byte.
    const bodies = server.requests.map((request) => request.body as { tools: unknown; messages: unknown[] });
    expect(bodies).toHaveLength(4);
    for (let turn = 1; turn < bodies.length; turn += 1) {
      const [before, after] = [bodies[turn - 1]!, bodies[turn]!];
      expect(JSON.stringify(after.tools)).toBe(JSON.stringify(before.tools));
      expect(after.messages.length).toBeGreaterThan(before.messages.length);
      expect(JSON.stringify(after.messages.slice(0, before.messages.length))).toBe(JSON.stringify(before.messages));
    }
  });
});
