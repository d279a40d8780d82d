import { afterEach, describe, expect, it } from "vitest";
import { EnvriggerError } from "../../core/errors.js";
import type { JsonObject } from "../../core/json.js";
import { deriveSeed } from "../../core/seeding.js";
import type { Trajectory, TrajectoryStep } from "../../core/trajectory.js";
import { summarize } from "../../rollout/summarize.js";
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from "../../testing/openai-compatible-server.js";
import { ScriptedChatModel, type ScriptedChatReply } from "../../testing/scripted-chat-model.js";
import { TestEnv } from "../../testing/test-env.js";
import type { CandidateProposal } from "../candidate.js";
import type { DesignContext, Diagnosis } from "../designer.js";
import { createLlmDesigner } from "./create-llm-designer.js";
import { LlmDesigner } from "./llm-designer.js";

const HIDDEN = ["hiddenPass", "hiddenFrac", "(7, 3, 9)", "hiddenTests", "0.875"];
const HARNESS_API = "declare function filterAction(action: Action, ctx: HookContext): FilterActionResult;";

function step(turn: number, name: string, extra: Partial<TrajectoryStep> = {}): TrajectoryStep {
  const args: JsonObject = name === "inc" ? { by: 1 } : {};
  const action = { name, args };
  return {
    turn,
    policyAction: action,
    parsedAction: action,
    envAction: action,
    observation: { text: `counter ${turn + 1}` },
    reward: 0,
    terminated: name === "submit",
    truncated: false,
    info: { stop: name === "submit" ? "submit" : null, hiddenPass: false, hiddenTests: ["f(7, 3, 9)"] },
    layers: [],
    policyMs: 0,
    stepMs: 0,
    ...extra,
  };
}

function rollout(seed: number, names: string[], success: boolean): Trajectory {
  return {
    envId: "test",
    stack: "test",
    taskId: "t1",
    seed,
    policy: "counter-policy",
    initialObservation: { text: "counter 0; reach 3 then submit" },
    steps: names.map((name, turn) => step(turn, name)),
    stopReason: names.at(-1) === "submit" ? "submit" : "budget",
    evaluation: { success, score: 0.875, metrics: { hiddenPass: success, hiddenFrac: 0.875, failing: "(7, 3, 9)" } },
    totalReward: success ? 1 : 0,
    durationMs: 1,
  };
}

async function designContext(overrides: Partial<DesignContext> = {}): Promise<DesignContext> {
  const trajectories = [
    rollout(1, ["inc", "inc", "inc", "submit"], true),
    rollout(2, ["inc", "inc", "submit"], false),
    rollout(3, ["inc", "inc", "inc", "submit"], true),
    rollout(4, ["inc", "peek", "peek", "peek", "peek"], false),
    rollout(5, ["inc", "inc", "inc", "submit"], true),
  ];
  return {
    envId: "test",
    taskId: "t1",
    instruction: "counter 0; reach 3 then submit",
    tools: await new TestEnv().tools(),
    stateSchema: "{ counter: number; turns: number; done: boolean }",
    harnessApi: HARNESS_API,
    target: { successBand: [0.4, 0.6] },
    baseline: { stats: summarize(trajectories), trajectories },
    attempts: [],
    seed: 1,
    ...overrides,
  };
}

const diagnosisArgs = {
  text: "The policy reaches 3 in 4 turns in 3 of 5 rollouts; it sometimes submits at 2.",
  weaknesses: [{ id: "Submits Early", evidence: "1 of 5 rollouts submits with counter 2.", severity: 0.6 }],
  direction: "harder",
};

const proposalArgs = {
  rationale: "Success 0.60 is at the top of the band; refuse the first submit without a peek (one operation).",
  layers: [
    {
      kind: "rules",
      name: "peek-before-submit",
      source:
        "export function filterAction(action, ctx) { return ctx.memory.peeked || action.name !== 'submit' ? { kind: 'pass' } : { kind: 'block', reason: 'peek first' }; }",
    },
  ],
};

const diagnosis: Diagnosis = {
  text: diagnosisArgs.text,
  weaknesses: [{ id: "submits-early", evidence: "x", severity: 0.6 }],
  direction: "harder",
};
const fast = { retries: 1, outputRetries: 1, timeoutMs: 2000, backoff: { initialMs: 1, maxMs: 2 } };

function designerOf(replies: ScriptedChatReply[], settings = fast) {
  const model = new ScriptedChatModel(replies);
  return { model, designer: new LlmDesigner(model, { settings }) };
}

async function rejection(promise: Promise<unknown>): Promise<EnvriggerError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof EnvriggerError) return error;
    throw error;
  }
  throw new Error("expected a rejection, got a value");
}

describe("LlmDesigner with a scripted chat model", () => {
  it("diagnoses and writes a proposal, summing usage per call", async () => {
    const { model, designer } = designerOf([
      { kind: "tool-call", args: diagnosisArgs, usage: { inputTokens: 1000, outputTokens: 80 } },
      { kind: "tool-call", args: proposalArgs, usage: { inputTokens: 1500, outputTokens: 120 } },
    ]);
    const context = await designContext();
    const found = await designer.diagnose(context);
    expect(found.direction).toBe("harder");
    expect(found.weaknesses[0]?.id).toBe("submits-early");
    const proposal: CandidateProposal = await designer.write(context, found);
    expect(proposal.layers[0]).toMatchObject({ kind: "rules", name: "peek-before-submit" });
    expect(proposal.rationale).toContain("one operation");
    expect(designer.usage()).toEqual({ inputTokens: 2500, outputTokens: 200, calls: 2 });
    expect(designer.usageRecords.map((record) => record.stage)).toEqual(["diagnose", "write"]);
    expect(designer.name).toBe("llm:scripted:injected");
    const toolNames = model.calls.map((call) => (call.tools[0] as { function: { name: string } }).function.name);
    expect(toolNames).toEqual(["diagnosis", "proposal"]);
    expect(model.calls.map((call) => call.seed)).toEqual([
      deriveSeed(1, "designer", "diagnose"),
      deriveSeed(1, "designer", "write", 0),
    ]);
  });

  it("shows the write call the run's measured table, and keeps the template and knob a proposal names", async () => {
    const { model, designer } = designerOf([
      { kind: "tool-call", args: proposalArgs },
      {
        kind: "tool-call",
        args: {
          ...proposalArgs,
          template: "peek-before-submit",
          knob: { name: "probability", value: 0.4, neutral: 0, strongest: 1 },
        },
      },
    ]);
    const measured = {
      direction: "harder" as const,
      taskId: "t0",
      template: "peek-before-submit",
      knob: "probability",
      value: 0.7,
      position: 0.7,
      baselineRate: 0.8,
      successes: 9,
      episodes: 20,
    };
    const first = await designer.write(await designContext(), diagnosis);
    expect(model.calls[0]?.messages[1]?.content).toContain("(none yet: no earlier task of this run measured");
    expect(first.knob).toBeUndefined();
    const named = await designer.write(
      await designContext({
        runMeasurements: [measured, { ...measured, taskId: "t5", value: 0.3, position: 0.3, successes: 14 }],
      }),
      diagnosis,
    );
    const user = model.calls[1]?.messages[1]?.content ?? "";
    expect(user).toContain("| peek-before-submit | probability = 0.7 (0.70) | t0 | 0.80 → 0.45 | 20 |");
    expect(user).toContain("| peek-before-submit | probability = 0.3 (0.30) | t5 | 0.80 → 0.70 | 20 |");
    expect(named).toMatchObject({
      template: "peek-before-submit",
      knob: { name: "probability", value: 0.4, neutral: 0, strongest: 1 },
    });
  });

  it("shows the designer everything it may see and nothing hidden", async () => {
    const { model, designer } = designerOf([
      { kind: "tool-call", args: diagnosisArgs },
      { kind: "tool-call", args: proposalArgs },
    ]);
    const baseline = await designContext();
    const attempts: DesignContext["attempts"] = [
      {
        revision: 1,
        proposal: {
          layers: [
            { kind: "rules", source: "export function filterAction() { return { kind: 'block', reason: 'no' }; }" },
          ],
          rationale: "ban everything",
        },
        issues: [],
        stats: { ...baseline.baseline.stats, successes: 0, successRate: 0, stopReasons: { budget: 5 } },
        decision: {
          decision: "refine",
          direction: "unsolvable",
          distance: -0.4,
          message: "success 0.00 with every action blocked: relax the restriction",
        },
      },
      {
        revision: 2,
        proposal: null,
        issues: [{ code: "forbidden-construct", message: "Math.random is not allowed", line: 3 }],
        stats: null,
        decision: null,
      },
    ];
    const context = { ...baseline, attempts };
    await designer.write(context, await designer.diagnose(context));
    const [system, diagnoseUser] = model.calls[0]?.messages ?? [];
    const writeUser = model.calls[1]?.messages[1]?.content ?? "";
    expect(system?.role).toBe("system");
    expect(system?.content).toContain("Never make the task unsolvable");
    for (const user of [diagnoseUser?.content ?? "", writeUser]) {
      expect(user).toContain('"name": "inc"');
      expect(user).toContain('"inputSchema"');
      expect(user).toContain("{ counter: number; turns: number; done: boolean }");
      expect(user).toContain("success rate 0.60");
      expect(user).toContain("stop reasons: submit 4, budget 1");
      expect(user).toContain('inc({"by":1})');
      expect(user).toContain("Baseline rollout 4 of 5");
      expect(user).toContain("success: no · stop reason: budget");
      expect(user).toContain("[0.40, 0.60]");
      for (const hidden of HIDDEN) expect(user).not.toContain(hidden);
    }
    expect(writeUser).toContain(HARNESS_API);
    expect(writeUser).toContain("submits-early (severity 0.60)");
    expect(writeUser).toContain("### Revision 1");
    expect(writeUser).toContain("ban everything");
    expect(writeUser).toContain(
      "decision: refine — unsolvable (distance to the band -0.40): success 0.00 with every action blocked",
    );
    expect(writeUser).toContain("### Revision 2");
    expect(writeUser).toContain("[forbidden-construct] line 3: Math.random is not allowed");
    expect(writeUser).not.toContain("{{");
  });

  it("caps the size of the baseline rollouts in the prompt", async () => {
    const long = Array.from({ length: 40 }, (_, index) =>
      rollout(
        index,
        Array.from({ length: 60 }, () => "peek"),
        false,
      ),
    ).map((trajectory) => ({
      ...trajectory,
      steps: trajectory.steps.map((entry) => ({ ...entry, observation: { text: "x".repeat(3000) } })),
    }));
    const model = new ScriptedChatModel([{ kind: "tool-call", args: diagnosisArgs }]);
    const designer = new LlmDesigner(model, { settings: fast, budget: { baselineTrajectoryChars: 20_000 } });
    await designer.diagnose(await designContext({ baseline: { stats: summarize(long), trajectories: long } }));
    const user = model.calls[0]?.messages[1]?.content ?? "";
    expect(user.length).toBeLessThan(32_000);
    expect(user).toContain("more rollout(s) not shown");
    expect(user).toContain("omitted");
  });

  it.each<[string, ScriptedChatReply]>([
    ["malformed JSON arguments", { kind: "malformed-tool-call", argumentsText: '{"rationale": "x", "layers": [' }],
    ["empty output", { kind: "text", text: "" }],
    ["a call to an unknown tool", { kind: "tool-call", name: "apply_patch", args: { patch: "..." } }],
    ["a proposal failing the schema", { kind: "tool-call", args: { rationale: "no layers", layers: [] } }],
  ])("raises DESIGNER_OUTPUT and returns no proposal on %s", async (_label, reply) => {
    const { model, designer } = designerOf([reply, reply]);
    const error = await rejection(designer.write(await designContext(), diagnosis));
    expect(error.code).toBe("DESIGNER_OUTPUT");
    expect(error.category).toBe("model");
    expect(model.calls).toHaveLength(2);
    expect(designer.usage().calls).toBe(2);
  });

  it("raises DESIGNER_OUTPUT when a diagnosis is malformed", async () => {
    const bad: ScriptedChatReply = { kind: "tool-call", args: { text: "t", weaknesses: [], direction: "sideways" } };
    const { designer } = designerOf([bad, bad]);
    expect((await rejection(designer.diagnose(await designContext()))).code).toBe("DESIGNER_OUTPUT");
  });

  it("retries a provider error, then succeeds", async () => {
    const { model, designer } = designerOf([
      { kind: "throw", error: Object.assign(new Error("upstream overloaded"), { status: 500 }) },
      { kind: "tool-call", args: proposalArgs },
    ]);
    const proposal = await designer.write(await designContext(), diagnosis);
    expect(proposal.layers).toHaveLength(1);
    expect(model.calls).toHaveLength(2);
  });

  it("raises PROVIDER on a timeout and returns no proposal", async () => {
    const { designer } = designerOf([{ kind: "hang" }, { kind: "hang" }], { ...fast, timeoutMs: 20 });
    const error = await rejection(designer.write(await designContext(), diagnosis));
    expect(error.code).toBe("PROVIDER");
    expect(error.message).toContain("no answer within 20 ms");
  });

  it("raises PROVIDER at once on a non-retryable provider error", async () => {
    const { model, designer } = designerOf([
      { kind: "throw", error: Object.assign(new Error("bad request"), { status: 400 }) },
    ]);
    expect((await rejection(designer.diagnose(await designContext()))).code).toBe("PROVIDER");
    expect(model.calls).toHaveLength(1);
  });
});

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
