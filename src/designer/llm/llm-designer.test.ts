import { describe, expect, it } from "vitest";
import { deriveSeed } from "../../core/seeding.js";
import { summarize } from "../../rollout/summarize.js";
import { ScriptedChatModel, type ScriptedChatReply } from "../../testing/scripted-chat-model.js";
import type { CandidateProposal } from "../candidate.js";
import type { DesignContext } from "../designer.js";
import { LlmDesigner } from "./llm-designer.js";
import {
  designContext,
  designerOf,
  diagnosis,
  diagnosisArgs,
  fast,
  HARNESS_API,
  HIDDEN,
  proposalArgs,
  rejection,
  rollout,
} from "../../testing/llm-designer-fixtures.js";

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
