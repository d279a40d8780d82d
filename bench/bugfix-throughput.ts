import { performance } from "node:perf_hooks";
import { bugfixEnv } from "../src/bridges/bugfix/bugfix-env-definition.js";
import { createRng, deriveSeed } from "../src/core/seeding.js";
import type { PolicyHistoryEntry } from "../src/core/policy.js";
import { bugfixPolicies } from "../src/policies/bugfix/bugfix-policies.js";
import { runRollouts } from "../src/rollout/run-rollouts.js";
import { median } from "./measure.js";

/**
 * BugFix steps per second with the random policy on one core: the env's `step` driven by
 * the policy in a plain loop (env + policy), and through the rollout runner (env + policy +
 * trajectory recording). Also the median latency per tool.
 */
export async function benchBugfix(seconds = 3) {
  const env = await bugfixEnv.create();
  const tasks = (await bugfixEnv.listTasks("train")).map((task) => task.id);
  const tools = await env.tools();
  const latencies: Record<string, number[]> = {};
  let steps = 0;
  let episode = 0;
  const started = performance.now();
  while (performance.now() - started < seconds * 1000) {
    const taskId = tasks[episode % tasks.length]!;
    const seed = deriveSeed(7, "bench", episode++);
    const random = createRng(deriveSeed(seed, "policy"));
    const policy = bugfixPolicies.random!();
    const history: PolicyHistoryEntry[] = [];
    let { observation } = await env.reset({ taskId, seed });
    for (let turn = 0; ; turn++) {
      const action = await policy.act({ observation, tools, history, turn, rng: random.next, random });
      const parsed = typeof action === "string" ? env.parseText(action) : action;
      const stepStarted = performance.now();
      const result = await env.step(action);
      const elapsed = performance.now() - stepStarted;
      if (episode % 16 === 0) {
        const tool = parsed?.name ?? "(malformed)";
        const samples = latencies[tool] ?? [];
        samples.push(elapsed * 1000);
        latencies[tool] = samples;
      }
      steps += 1;
      history.push({ action, observation: result.observation });
      observation = result.observation;
      if (result.terminated || result.truncated) break;
    }
    await env.evaluate();
  }
  const loopSeconds = (performance.now() - started) / 1000;
  await env.close();

  const runnerStarted = performance.now();
  const trajectories = await runRollouts({
    createEnv: () => bugfixEnv.create(),
    policy: bugfixPolicies.random!,
    tasks: tasks.map((taskId) => ({ taskId })),
    episodes: 100,
    seed: 11,
  });
  const runnerSeconds = (performance.now() - runnerStarted) / 1000;
  const runnerSteps = trajectories.reduce((sum, trajectory) => sum + trajectory.steps.length, 0);
  return {
    bugfixStepsPerSecond: Math.round(steps / loopSeconds),
    bugfixStepsPerSecondThroughRunner: Math.round(runnerSteps / runnerSeconds),
    bugfixMedianStepMicrosecondsByTool: Object.fromEntries(
      Object.entries(latencies).map(([tool, values]) => [tool, Number(median(values).toFixed(2))]),
    ),
  };
}
