import { getEventListeners } from "node:events";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { CandidateProposal } from "../designer/candidate.js";
import { FunctionRulesRuntime, type FunctionRulesHooks } from "../testing/function-rules-runtime.js";
import { ScriptedDesigner } from "../testing/scripted-designer.js";
import { SequencePolicy } from "../testing/sequence-policy.js";
import { TestEnvDefinition } from "../testing/test-env-definition.js";
import { CandidateStore, readCandidateRecord } from "./candidate-store.js";
import type { RigDependencies } from "./rig-dependencies.js";
import { rigTask } from "./rig-task.js";
import { EnvriggerError } from "../core/errors.js";
import { openCheckpointer } from "./open-checkpointer.js";
import type { Trajectory } from "../core/trajectory.js";
import type { DesignContext } from "../designer/designer.js";
import { trajectoryWithoutTimings } from "../testing/trajectory-without-timings.js";
import { TRAJECTORY_BATCH_TABLE } from "./sqlite-trajectory-batch-store.js";
import { createLlmPolicy } from "../policies/llm/create-llm-policy.js";
import { rigResultWithoutTimings } from "../testing/rig-result-without-timings.js";
import { ScriptedChatModel } from "../testing/scripted-chat-model.js";

const inc = { name: "inc", args: {} };
const submit = { name: "submit", args: {} };

/** Reads the counter; before 3 it submits early with probability 0.2 (baseline ≈ 0.51). */
const policy = () =>
  new SequencePolicy((input) => {
    const counter = Number(/counter (-?\d+)/.exec(input.observation.text)?.[1] ?? 0);
    if (counter >= 3) return submit;
    return input.rng() < 0.2 ? submit : inc;
  }, "hesitant");

/** Rules sources used in these tests, keyed by source text. */
const hooks: Record<string, FunctionRulesHooks> = {
  // Turns an `inc` into a `dec` with probability p: a knob on difficulty.
  "sabotage-0.3": {
    filterAction: (action, context) =>
      action.name === "inc" && context.random() < 0.3
        ? { kind: "rewrite", action: { name: "dec", args: {} } }
        : { kind: "pass" },
  },
  "sabotage-0.5": {
    filterAction: (action, context) =>
      action.name === "inc" && context.random() < 0.5
        ? { kind: "rewrite", action: { name: "dec", args: {} } }
        : { kind: "pass" },
  },
  "sabotage-0.9": {
    filterAction: (action, context) =>
      action.name === "inc" && context.random() < 0.9
        ? { kind: "rewrite", action: { name: "dec", args: {} } }
        : { kind: "pass" },
  },
  "block-everything": { filterAction: () => ({ kind: "block", reason: "no" }) },
  "pass-through": { filterAction: () => ({ kind: "pass" }) },
};

function dependencies(designer: ScriptedDesigner, root: string): RigDependencies {
  const env = new TestEnvDefinition();
  const loadRules = async (source: string) =>
    hooks[source]
      ? { ok: true as const, runtime: new FunctionRulesRuntime(hooks[source]!, { usesState: false }) }
      : { ok: false as const, issues: [{ code: "unknown", message: `no such test source ${source}` }] };
  return {
    env,
    policy,
    designer,
    stack: { resolveEnv: async () => env, loadRules },
    checkRules: async (source) =>
      hooks[source]
        ? { ok: true, issues: [] }
        : { ok: false, issues: [{ code: "type-error", message: "does not compile", line: 1 }] },
    harnessApi: "declare function defineRules(rules: object): object;",
    store: new CandidateStore(join(root, "candidates")),
  };
}

const rules = (source: string): CandidateProposal => ({ layers: [{ kind: "rules", source }], rationale: source });
/** On the band itself (`--tolerance 0`): the examples below were written for that promise. */
const config = {
  envId: "test",
  taskId: "t1",
  policy: "hesitant",
  designer: "scripted",
  target: { successBand: [0.1, 0.3] as [number, number] },
  tolerance: 0,
  seed: 1,
};

describe("rigTask", () => {
  it("refines after too-hard and no-effect candidates and accepts one in band", async () => {
    const root = mkdtempSync(join(tmpdir(), "rig-"));
    const designer = new ScriptedDesigner([
      rules("pass-through"),
      rules("sabotage-0.9"),
      rules("does-not-compile"),
      rules("sabotage-0.5"),
    ]);
    const result = await rigTask(config, dependencies(designer, root));
    expect(result.outcome).toBe("accepted");
    expect(result.revisions).toBe(3);
    expect(result.baseline.successRate).toBeGreaterThan(0.3);
    expect(result.accepted!.successRate).toBeGreaterThanOrEqual(0.1);
    expect(result.accepted!.successRate).toBeLessThanOrEqual(0.3);
    const attempts = designer.contexts.at(-1)!.attempts;
    expect(attempts.map((attempt) => attempt.decision?.direction ?? attempt.issues[0]?.code)).toEqual([
      "no-effect",
      "too-hard",
      "type-error",
    ]);
    const record = readCandidateRecord(result.candidate!);
    expect(record.stack.layers).toEqual([{ kind: "rules", source: "sabotage-0.5" }]);
    expect(record.validation.successRate).toBe(result.accepted!.successRate);
  });

  it("leaves no listener on the caller's signal, however many tasks share it", async () => {
    const root = mkdtempSync(join(tmpdir(), "rig-"));
    const run = new AbortController();
    for (let task = 0; task < 3; task += 1)
      await rigTask(config, dependencies(new ScriptedDesigner([rules("sabotage-0.5")]), root), undefined, run.signal);
    // LangGraph adds one per invoke and never removes it: on the run's signal, eleven tasks warned of a leak.
    expect(getEventListeners(run.signal, "abort")).toHaveLength(0);
  });

  it("records the best attempt as rejected when the revision budget runs out", async () => {
    const root = mkdtempSync(join(tmpdir(), "rig-"));
    const designer = new ScriptedDesigner([
      rules("block-everything"),
      rules("sabotage-0.9"),
      new Error("model said nothing"),
    ]);
    const result = await rigTask({ ...config, revisions: 2 }, dependencies(designer, root));
    expect(result.outcome).toBe("rejected");
    expect(result.candidate).toBeNull();
    expect(result.best).not.toBeNull();
    expect(result.best!.decision).toMatch(/too-hard|unsolvable/);
    expect(result.error).toEqual({ code: "INTERNAL", message: "model said nothing" });
  });

  it("stops on a provider no retry can fix, keeps the checkpoint, and resumes once it is back", async () => {
    const root = mkdtempSync(join(tmpdir(), "rig-"));
    const { saver, close } = openCheckpointer(join(root, "checkpoints.sqlite"));
    const outage = new EnvriggerError(
      "PROVIDER_UNAVAILABLE",
      "openai model m failed after 1 attempt: Connection error.",
    );
    const down = new ScriptedDesigner([outage]);
    await expect(rigTask(config, dependencies(down, root), saver)).rejects.toMatchObject({
      code: "PROVIDER_UNAVAILABLE",
    });
    const up = new ScriptedDesigner([rules("sabotage-0.5")]);
    const result = await rigTask(config, dependencies(up, root), saver);
    close();
    expect(result.outcome).toBe("accepted");
    expect(result.error).toBeNull();
    // The resumed thread started at write: the designer was never asked to diagnose again (one context per write).
    expect(up.contexts).toHaveLength(result.revisions + 1);
    expect(up.contexts[0]!.attempts).toHaveLength(0);
  });

  it("skips a task already in band", async () => {
    const root = mkdtempSync(join(tmpdir(), "rig-"));
    // Baseline ≈ 0.55: P(a 100-rollout check lands in [0.2, 0.8]) ≥ 0.9 after a few batches,
    // and still after the confirmation batch of 20.
    const result = await rigTask(
      { ...config, target: { successBand: [0.2, 0.8] } },
      dependencies(new ScriptedDesigner([rules("pass-through")]), root),
    );
    expect(result.outcome).toBe("skipped");
    expect(result.baseline.episodes).toBeLessThan(120);
    expect(result.baseline.episodes).toBeGreaterThanOrEqual(25);
  });

  it("confirms a skip on fresh rollouts: a baseline that looked in band at the first pass is rigged when the fresh batch disagrees", async () => {
    // Rollout index i < 155 succeeds on alternate indices (0.5; the first pass is at n = 155); from 155 on, the confirmation
    // batch's indices, nothing succeeds: the lucky look regresses.
    const rollouts = {
      description: "scripted",
      run: async (batch: { episodes: number; indexOffset?: number }) =>
        Array.from({ length: batch.episodes }, (_, position) => {
          const index = position + (batch.indexOffset ?? 0);
          return {
            stopReason: "submit",
            turns: 2,
            steps: [],
            evaluation: { success: index < 155 && index % 2 === 0, score: 0, metrics: {} },
          } as unknown as Trajectory;
        }),
      close: async () => {},
    };
    const root = mkdtempSync(join(tmpdir(), "rig-"));
    const run = (confirm: number) =>
      rigTask(
        {
          ...config,
          target: { successBand: [0.4, 0.6] },
          confirmationEpisodes: confirm,
          revisions: 0,
          checkRollouts: 100,
          kMax: 400,
        },
        { ...dependencies(new ScriptedDesigner([rules("pass-through")]), root), rollouts },
      );
    const unconfirmed = await run(0);
    expect(unconfirmed.outcome).toBe("skipped");
    expect(unconfirmed.baseline.episodes).toBe(155);
    const confirmed = await run(20);
    expect(confirmed.outcome).not.toBe("skipped");
    expect(confirmed.baseline.episodes).toBe(unconfirmed.baseline.episodes + 20);
  });

  it("returns a finished thread's result from the checkpointer without running again", async () => {
    const root = mkdtempSync(join(tmpdir(), "rig-"));
    const { saver, close } = openCheckpointer(join(root, "checkpoints.sqlite"));
    const designer = new ScriptedDesigner([rules("sabotage-0.3")]);
    const first = await rigTask(config, dependencies(designer, root), saver);
    const calls = designer.contexts.length;
    const second = await rigTask(config, dependencies(designer, root), saver);
    close();
    expect(second).toEqual(first);
    expect(designer.contexts.length).toBe(calls);
  });

  it("resumes a thread interrupted mid-task in a fresh connection with the same results and designer views as an uninterrupted run, with no trajectory in its checkpoints", async () => {
    const outage = new EnvriggerError(
      "PROVIDER_UNAVAILABLE",
      "openai model m failed after 1 attempt: Connection error.",
    );
    const proposals = [rules("sabotage-0.9"), rules("sabotage-0.5")];
    // What a designer was shown, without wall times (they differ between runs).
    const view = (context: DesignContext) => ({
      ...context,
      baseline: { ...context.baseline, trajectories: context.baseline.trajectories.map(trajectoryWithoutTimings) },
      attempts: context.attempts.map((attempt) => ({
        ...attempt,
        trajectories: attempt.trajectories?.map(trajectoryWithoutTimings),
      })),
    });
    const straightRoot = mkdtempSync(join(tmpdir(), "rig-"));
    const straightFile = openCheckpointer(join(straightRoot, "checkpoints.sqlite"));
    const straightDesigner = new ScriptedDesigner(proposals);
    const straight = await rigTask(config, dependencies(straightDesigner, straightRoot), straightFile.saver);
    straightFile.close();
    expect(straight.revisions).toBeGreaterThanOrEqual(1);

    const root = mkdtempSync(join(tmpdir(), "rig-"));
    const path = join(root, "checkpoints.sqlite");
    const first = openCheckpointer(path);
    // The second write fails after the first candidate was validated and decided on: mid-task.
    await expect(
      rigTask(config, dependencies(new ScriptedDesigner([proposals[0]!, outage]), root), first.saver),
    ).rejects.toMatchObject({ code: "PROVIDER_UNAVAILABLE" });
    first.close();
    // A new connection (as a resumed process has): the trajectories come from the file, not from memory.
    const second = openCheckpointer(path);
    const resumedDesigner = new ScriptedDesigner(proposals);
    const resumed = await rigTask(config, dependencies(resumedDesigner, root), second.saver);
    const blobs = second.saver.db
      .prepare(
        "SELECT CAST(checkpoint AS TEXT) AS text FROM checkpoints UNION ALL SELECT CAST(value AS TEXT) FROM writes",
      )
      .all() as Array<{ text: string }>;
    const batches = second.saver.db.prepare(`SELECT COUNT(*) AS rows FROM ${TRAJECTORY_BATCH_TABLE}`).get() as {
      rows: number;
    };
    second.close();

    expect(rigResultWithoutTimings(resumed)).toEqual(rigResultWithoutTimings(straight));
    // The resumed thread started at the second write: from there on it saw what the straight run's writes saw.
    expect(resumedDesigner.contexts).toHaveLength(straight.revisions);
    expect(resumedDesigner.contexts.map(view)).toEqual(straightDesigner.contexts.slice(-straight.revisions).map(view));
    expect(resumedDesigner.contexts[0]!.attempts[0]!.trajectories).toHaveLength(3);
    // Trajectories are stored once each (the baseline, each candidate's validation and its attempt's samples); checkpoints only refer to them.
    expect(batches.rows).toBe(1 + 2 * (straight.revisions + 1));
    expect(blobs.length).toBeGreaterThan(10);
    expect(blobs.filter((blob) => blob.text.includes("initialObservation"))).toEqual([]);
  });
});

const costConfig = { ...config, kMax: 40 };

describe("a task's cost", () => {
  it("counts every rollout, env step and policy token of an LLM policy, and the designer's tokens", async () => {
    // Reads the counter from the latest message: inc until 3, then submit; 1 completion token per call.
    const model = new ScriptedChatModel(
      Array.from({ length: 20_000 }, () => (messages: Array<{ content: string }>) => {
        const counter = Number(/counter (-?\d+)/.exec(messages.at(-1)?.content ?? "")?.[1] ?? "0");
        return {
          kind: "tool-call" as const,
          name: counter >= 3 ? "submit" : "inc",
          args: {},
          usage: { inputTokens: messages.length, outputTokens: 1 },
        };
      }),
    );
    const designer = new ScriptedDesigner([rules("sabotage-0.9"), rules("sabotage-0.5")], undefined, {
      inputTokens: 100,
      outputTokens: 10,
    });
    const root = mkdtempSync(join(tmpdir(), "cost-"));
    const policy = createLlmPolicy("openai:scripted", { chatModel: model });
    const result = await rigTask(
      { ...config, kMax: 40, policy: "openai:scripted", revisions: 1 },
      { ...dependencies(designer, root), policy },
    );
    const { cost } = result;
    expect(cost.rollouts).toBe(result.rollouts);
    expect(cost.rollouts).toBeGreaterThan(5);
    // One model call per env step, each answered with one completion token and as many prompt tokens as messages.
    expect(cost.policyTokens.calls).toBe(model.calls.length);
    expect(cost.envSteps).toBe(model.calls.length);
    expect(cost.policyTokens.outputTokens).toBe(model.calls.length);
    expect(cost.policyTokens.inputTokens).toBe(model.calls.reduce((sum, call) => sum + call.messages.length, 0));
    expect(cost.designerTokens).toEqual({
      inputTokens: 100 * designer.contexts.length,
      outputTokens: 10 * designer.contexts.length,
      calls: designer.contexts.length,
    });
    expect(cost.wallMs).toBeGreaterThan(0);
  });

  it("keeps counting across a resume: an interrupted and resumed task spent what an uninterrupted one did", async () => {
    const proposals = [rules("sabotage-0.9"), rules("sabotage-0.5")];
    const tokens = { inputTokens: 50, outputTokens: 5 };
    const straightRoot = mkdtempSync(join(tmpdir(), "cost-"));
    const straightFile = openCheckpointer(join(straightRoot, "checkpoints.sqlite"));
    const straight = await rigTask(
      costConfig,
      dependencies(new ScriptedDesigner(proposals, undefined, tokens), straightRoot),
      straightFile.saver,
    );
    straightFile.close();
    expect(straight.revisions).toBeGreaterThanOrEqual(1);

    const root = mkdtempSync(join(tmpdir(), "cost-"));
    const path = join(root, "checkpoints.sqlite");
    const outage = new EnvriggerError("PROVIDER_UNAVAILABLE", "openai model m failed after 1 attempt");
    const first = openCheckpointer(path);
    await expect(
      rigTask(
        costConfig,
        dependencies(new ScriptedDesigner([proposals[0]!, outage], undefined, tokens), root),
        first.saver,
      ),
    ).rejects.toMatchObject({ code: "PROVIDER_UNAVAILABLE" });
    first.close();
    // A new process: a new designer whose own usage starts at zero.
    const second = openCheckpointer(path);
    const resumed = await rigTask(
      costConfig,
      dependencies(new ScriptedDesigner(proposals, undefined, tokens), root),
      second.saver,
    );
    // Asked again for the stored result, the finished thread reports the same cost.
    const again = await rigTask(
      costConfig,
      dependencies(new ScriptedDesigner(proposals, undefined, tokens), root),
      second.saver,
    );
    second.close();
    expect(rigResultWithoutTimings(resumed).cost).toEqual(rigResultWithoutTimings(straight).cost);
    expect(resumed.cost.rollouts).toBe(straight.rollouts);
    expect(resumed.cost.wallMs).toBeGreaterThan(0);
    expect(again.cost).toEqual(resumed.cost);
  });
});
