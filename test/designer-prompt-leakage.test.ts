import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bugfixEnv } from "../src/bridges/bugfix/bugfix-env-definition.js";
import { BugFixTaskStore } from "../src/bridges/bugfix/bugfix-task-store.js";
import { formatArgs } from "../src/bridges/bugfix/test-report.js";
import { createRigDependencies } from "../src/app/create-rig-dependencies.js";
import { LlmDesigner } from "../src/designer/llm/llm-designer.js";
import { rigTask } from "../src/rigger/rig-task.js";
import { TaskCodeRunner } from "../src/sandbox/task-code/task-code-runner.js";
import { taskPrelude } from "../src/bridges/bugfix/task-prelude.js";
import { ScriptedChatModel, type ScriptedChatReply } from "../src/testing/scripted-chat-model.js";
import { readFileSync } from "node:fs";
import { productStackDependencies } from "../src/app/product-stack-dependencies.js";
import { buildStack } from "../src/harness/build-stack.js";
import { LangChainChatModel } from "../src/llm/langchain-chat-model.js";
import { ModelStructuredChat } from "../src/llm/model-structured-chat.js";
import { resolvePolicy } from "../src/policies/policy-registry.js";
import { runRollouts } from "../src/rollout/run-rollouts.js";
import { extractSkills } from "../src/skills/extract-skills.js";
import { LlmSkillExtractor } from "../src/skills/llm-skill-extractor.js";

/** A valid proposal whose strength differs per call, so the loop refines and shows attempts. */
const proposal = (probability: number): ScriptedChatReply => ({
  kind: "tool-call",
  args: {
    rationale: `block submit until a test ran, in ${probability * 100}% of episodes`,
    layers: [
      {
        kind: "rules",
        source: `export default defineRules({
  filterAction(action, context) {
    if (context.memory.on === undefined) context.memory.on = context.random() < ${probability};
    if (action.name === "test") context.memory.tested = true;
    if (context.memory.on === true && action.name === "submit" && context.memory.tested !== true) return { block: "run the tests first" };
    return undefined;
  },
});
`,
      },
    ],
  },
});

const diagnosis: ScriptedChatReply = {
  kind: "tool-call",
  args: {
    text: "submits without testing",
    weaknesses: [{ id: "skips-verification", evidence: "half the episodes", severity: 0.5 }],
    direction: "harder",
  },
};

describe("designer prompts", () => {
  it("never show hidden tests or verifier internals, across a whole rig loop on every family", async () => {
    const store = new BugFixTaskStore({ taskSeed: 0, runner: () => runner });
    const runner = new TaskCodeRunner({ prelude: taskPrelude });
    const work = mkdtempSync(join(tmpdir(), "leak-"));
    const prompts: string[] = [];
    for (const taskId of ["clamp-0", "range-1", "compare-2", "divide-3", "init-0"]) {
      const model = new ScriptedChatModel([diagnosis, proposal(1), proposal(0.6), proposal(0.3), proposal(0.8)]);
      const config = {
        version: 1 as const,
        runId: "leak",
        env: "bugfix",
        envOptions: {},
        split: "train" as const,
        policy: "hasty",
        designer: "heuristic",
        target: { successBand: [0.45, 0.5] as [number, number] },
        k: 5,
        kMax: 10,
        rule: "posterior" as const,
        confidence: 0.9,
        tolerance: 0,
        stepsTolerance: 0,
        checkRollouts: 100,
        confirmationEpisodes: 20,
        revisions: 3,
        seed: 1,
        candidatesDir: join(work, "c"),
      };
      const dependencies = {
        ...(await createRigDependencies(config, work, { logEvents: false })),
        designer: new LlmDesigner(model),
      };
      await rigTask(
        {
          envId: "bugfix",
          taskId,
          policy: "hasty",
          designer: "scripted-llm",
          target: config.target,
          k: 5,
          kMax: 10,
          revisions: 3,
          seed: 1,
        },
        dependencies,
      );
      expect(model.calls.length).toBeGreaterThanOrEqual(3);
      const text = model.calls.flatMap((call) => call.messages.map((message) => message.content)).join("\n");
      prompts.push(text);
      const task = store.task(taskId);
      const publicArgs = new Set(task.publicTests.map((test) => formatArgs(test.args)));
      for (const test of task.hiddenTests) {
        const printed = formatArgs(test.args);
        if (publicArgs.has(printed)) continue;
        // How the test tool would print a case; multi-argument cases are distinctive on their own.
        expect(text, `${taskId} hidden case ${printed}`).not.toContain(`${printed} ->`);
        if (test.args.length > 1) expect(text, `${taskId} hidden case ${printed}`).not.toContain(printed);
      }
      expect(text).not.toContain(task.referenceSource);
      // The policy's actions are shown with their arguments (the reference release showed none).
      expect(text).toContain("<call> read </call>");
    }
    const all = prompts.join("\n");
    for (const internal of ["hiddenPass", "hiddenFrac", "hiddenTests", "publicFrac", "referenceSource"])
      expect(all).not.toContain(internal);
    runner.dispose();
    await bugfixEnv.dispose();
  }, 120_000);

  it("never show hidden tests or verifier fields to skill extraction, nor store them in an item (original env and a harness stack, every family)", async () => {
    const store = new BugFixTaskStore({ taskSeed: 0, runner: () => runner });
    const runner = new TaskCodeRunner({ prelude: taskPrelude });
    const work = mkdtempSync(join(tmpdir(), "leak-skills-"));
    const hasty = await resolvePolicy("hasty", "bugfix");
    const probe = await bugfixEnv.create();
    const tools = await probe.tools();
    await probe.close();
    const rules = (proposal(0.8) as unknown as { args: { layers: Array<{ source: string }> } }).args.layers[0]!.source;
    for (const taskId of ["clamp-0", "range-1", "compare-2", "divide-3", "init-0"]) {
      const original = await runRollouts({
        createEnv: () => bugfixEnv.create(),
        policy: hasty.factory,
        tasks: [{ taskId }],
        episodes: 6,
        seed: 2,
      });
      const spec = {
        version: 1 as const,
        base: { env: "bugfix", taskId },
        layers: [{ kind: "rules" as const, source: rules }],
      };
      const rigged = await runRollouts({
        createEnv: () => buildStack(spec, productStackDependencies()),
        policy: hasty.factory,
        tasks: [{ taskId }],
        episodes: 6,
        seed: 2,
      });
      const item = {
        title: "Verify before submitting",
        description: "When an edit was made.",
        content: "Run test, then submit.",
      };
      const model = new ScriptedChatModel(
        Array.from({ length: 12 }, (): ScriptedChatReply => ({ kind: "tool-call", args: { items: [item] } })),
      );
      const bank = join(work, `${taskId}.jsonl`);
      const sources = [
        { stack: "original", trajectories: original },
        { stack: "0123456789abcdef", trajectories: rigged },
      ];
      await extractSkills({
        envId: "bugfix",
        tools,
        sources,
        extractor: new LlmSkillExtractor(new ModelStructuredChat(new LangChainChatModel(model))),
        out: bank,
      });
      await extractSkills({ envId: "bugfix", tools, sources, extractor: "mined", out: bank });
      expect(model.calls).toHaveLength(12);
      const prompts = model.calls.flatMap((call) => call.messages.map((message) => message.content)).join("\n");
      const stored = readFileSync(bank, "utf8");
      const task = store.task(taskId);
      const publicArgs = new Set(task.publicTests.map((test) => formatArgs(test.args)));
      for (const [what, text] of [
        ["extraction prompts", prompts],
        ["stored items", stored],
      ] as const) {
        for (const test of task.hiddenTests) {
          const printed = formatArgs(test.args);
          if (publicArgs.has(printed)) continue;
          expect(text, `${what} of ${taskId}: hidden case ${printed}`).not.toContain(`${printed} ->`);
          if (test.args.length > 1) expect(text, `${what} of ${taskId}: hidden case ${printed}`).not.toContain(printed);
        }
        expect(text).not.toContain(task.referenceSource);
        for (const internal of [
          "hiddenPass",
          "hiddenFrac",
          "hiddenTests",
          "publicFrac",
          "publicPass",
          "referenceSource",
          '"score":',
          '"metrics"',
        ])
          expect(text, `${what} of ${taskId}`).not.toContain(internal);
      }
      // The extractor sees what the policy saw: its calls, with their arguments.
      expect(prompts).toContain("<call> read </call>");
    }
    runner.dispose();
    await bugfixEnv.dispose();
  }, 120_000);
});
