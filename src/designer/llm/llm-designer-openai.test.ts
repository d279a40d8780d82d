import { afterEach, describe, expect, it } from "vitest";
import { deriveSeed } from "../../core/seeding.js";
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from "../../testing/openai-compatible-server.js";
import { createLlmDesigner } from "./create-llm-designer.js";
import {
  designContext,
  diagnosis,
  diagnosisArgs,
  fast,
  HARNESS_API,
  proposalArgs,
  rejection,
} from "../../testing/llm-designer-fixtures.js";

describe("createLlmDesigner", () => {
  it("rejects bad specs and missing keys before any call", () => {
    expect(() => createLlmDesigner("claude:x", { environment: {} })).toThrow(/openai:<model>/);
    expect(() => createLlmDesigner("openai:gpt-4o-mini", { environment: {} })).toThrow(/OPENAI_API_KEY is not set/);
    expect(() => createLlmDesigner("gemini:gemini-2.5-flash", { environment: {} })).toThrow(
      /GEMINI_API_KEY is not set/,
    );
    expect(createLlmDesigner("gemini:gemini-2.5-flash", { environment: { GEMINI_API_KEY: "k" } }).name).toBe(
      "llm:gemini:gemini-2.5-flash",
    );
  });
});

describe("LlmDesigner end to end through ChatOpenAI and a local OpenAI-compatible server", () => {
  let server: OpenAiCompatibleServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it("retries a 429, sends the tool schemas, and parses the proposal", async () => {
    server = await startOpenAiCompatibleServer({
      failFirst: [429],
      replies: [
        { kind: "tool-call", arguments: diagnosisArgs, usage: { promptTokens: 900, completionTokens: 60 } },
        {
          kind: "tool-call",
          arguments: JSON.stringify(proposalArgs),
          usage: { promptTokens: 1200, completionTokens: 140 },
        },
      ],
    });
    const designer = createLlmDesigner("openai:local-model", {
      environment: { OPENAI_BASE_URL: server.baseUrl },
      settings: { ...fast, seed: 5, temperature: 0 },
    });
    const context = await designContext();
    const proposal = await designer.write(context, await designer.diagnose(context));
    expect(proposal).toEqual({ rationale: proposalArgs.rationale, layers: proposalArgs.layers });
    expect(designer.usage()).toEqual({ inputTokens: 2100, outputTokens: 200, calls: 2 });
    expect(designer.name).toBe("llm:openai:local-model");

    expect(server.requests).toHaveLength(3);
    const bodies = server.requests.map(
      (request) =>
        request.body as {
          model: string;
          seed?: number;
          temperature?: number;
          tools: Array<{ function: { name: string; parameters: { properties: Record<string, unknown> } } }>;
          messages: Array<{ role: string; content: string }>;
        },
    );
    expect(bodies.map((body) => body.tools[0]?.function.name)).toEqual(["diagnosis", "diagnosis", "proposal"]);
    expect(Object.keys(bodies[0]?.tools[0]?.function.parameters.properties ?? {})).toEqual([
      "text",
      "weaknesses",
      "direction",
    ]);
    expect(Object.keys(bodies[2]?.tools[0]?.function.parameters.properties ?? {})).toEqual([
      "rationale",
      "layers",
      "template",
      "knob",
    ]);
    expect(bodies[0]).toMatchObject({
      model: "local-model",
      seed: deriveSeed(context.seed, "designer", "diagnose"),
      temperature: 0,
    });
    expect(bodies[2]?.seed).toBe(deriveSeed(context.seed, "designer", "write", 0));
    expect(bodies[0]?.messages[0]?.role).toBe("system");
    expect(bodies[2]?.messages[1]?.content).toContain(HARNESS_API);
    for (const request of server.requests) expect(request.headers.authorization).toBe("[redacted]");
  });

  it("turns a malformed answer from the server into DESIGNER_OUTPUT", async () => {
    server = await startOpenAiCompatibleServer({
      replies: [
        { kind: "tool-call", arguments: '{"rationale": "cut off' },
        { kind: "text", text: "" },
      ],
    });
    const designer = createLlmDesigner("openai:local-model", {
      environment: { OPENAI_BASE_URL: server.baseUrl },
      settings: fast,
    });
    const error = await rejection(designer.write(await designContext(), diagnosis));
    expect(error.code).toBe("DESIGNER_OUTPUT");
    expect(server.requests).toHaveLength(2);
  });
});
