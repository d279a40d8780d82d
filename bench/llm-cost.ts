import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { createRigDependencies } from "../src/app/create-rig-dependencies.js";
import { resolveEnv } from "../src/bridges/env-registry.js";
import { inProcessExecutor, runCurriculum } from "../src/curriculum/run-curriculum.js";
import { CHECK_DECISION_POLICY } from "../src/rigger/decision-policy.js";
import { totalTokens } from "../src/run-format/cost-record.js";

/** BugFix tasks of the LLM-policy cost curriculum: one per bug family but one, a small run on a shared machine. */
export const LLM_COST_TASKS = ["clamp-0", "range-0", "compare-0", "divide-0"];

/** The two rules compared: the check rule (`--check-rollouts 100`, its cap and confirmation batch) and the default. */
const RULES = {
  before: {
    checkRollouts: CHECK_DECISION_POLICY.checkRollouts,
    kMax: CHECK_DECISION_POLICY.kMax,
    confirmationEpisodes: CHECK_DECISION_POLICY.confirmationEpisodes,
  },
  after: {},
} as const;

/** One rule's curriculum: what it decided and what it spent. */
async function costOf(rule: keyof typeof RULES, root: string) {
  const runDirectory = join(root, rule);
  const env = await resolveEnv("bugfix");
  const result = await runCurriculum(
    {
      runId: `llm-cost-${rule}`,
      env: "bugfix",
      taskIds: LLM_COST_TASKS,
      policy: "openai:scripted-bugfix",
      designer: "heuristic",
      target: { successBand: [0.4, 0.6] },
      seed: 1,
      candidatesDir: join(root, `${rule}-candidates`),
      ...RULES[rule],
    },
    { runDirectory, env, executor: inProcessExecutor((config, directory) => createRigDependencies(config, directory)) },
  );
  await env.dispose?.();
  const { total, perAcceptedEnv } = result.summary.cost;
  return {
    accepted: `${result.summary.accepted}/${result.summary.tasks}`,
    skipped: result.summary.skipped,
    rollouts: total.rollouts,
    envSteps: total.envSteps,
    policyCalls: total.policyTokens.calls,
    policyTokens: totalTokens(total.policyTokens),
    policyPromptTokens: total.policyTokens.inputTokens,
    policyCompletionTokens: total.policyTokens.outputTokens,
    /** Of the prompt tokens, those the server reported as served from its prefix cache. */
    policyCachedPromptTokens: total.policyTokens.cachedInputTokens ?? 0,
    designerTokens: totalTokens(total.designerTokens),
    rolloutsPerTask: Number((total.rollouts / result.summary.tasks).toFixed(1)),
    rolloutsPerAcceptedEnv: perAcceptedEnv ? Number(perAcceptedEnv.rollouts.toFixed(1)) : null,
    tokensPerAcceptedEnv: perAcceptedEnv
      ? Math.round(perAcceptedEnv.policyTokens + perAcceptedEnv.designerTokens)
      : null,
    wallSeconds: Number((total.wallMs / 1000).toFixed(1)),
    perTask: result.tasks.map((task) => ({
      taskId: task.taskId,
      outcome: task.outcome,
      rollouts: task.cost.rollouts,
      envSteps: task.cost.envSteps,
      policyTokens: totalTokens(task.cost.policyTokens),
      wallSeconds: Number((task.cost.wallMs / 1000).toFixed(1)),
    })),
  };
}

/**
 * Issue 21 item 4's LLM row: one curriculum of an LLM policy (BugFix text mode, the local
 * scripted OpenAI-compatible server in its own process, answering at once and counting
 * tokens as characters / 4, cached prompt tokens under OpenAI's prefix-cache rule), rigged under the check rule (before) and the default rule
 * (after) in one run: rollouts, env steps, policy tokens, and tokens per accepted env.
 */
export async function benchLlmCost(): Promise<Record<string, unknown>> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", fileURLToPath(new URL("./openai-server-child.ts", import.meta.url)), "0", "count-tokens"],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  const baseUrl = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once("line", resolve);
    child.once("exit", (code) => reject(new Error(`the model server process ended (${code})`)));
  });
  const previous = process.env.OPENAI_BASE_URL;
  process.env.OPENAI_BASE_URL = baseUrl;
  try {
    const root = mkdtempSync(join(tmpdir(), "bench-llm-cost-"));
    const before = await costOf("before", root);
    const after = await costOf("after", root);
    return {
      tasks: LLM_COST_TASKS,
      before,
      after,
      tokensPerAcceptedEnvRatio:
        before.tokensPerAcceptedEnv !== null && after.tokensPerAcceptedEnv !== null
          ? Number((before.tokensPerAcceptedEnv / after.tokensPerAcceptedEnv).toFixed(2))
          : null,
    };
  } finally {
    if (previous === undefined) delete process.env.OPENAI_BASE_URL;
    else process.env.OPENAI_BASE_URL = previous;
    child.stdin!.end();
  }
}
