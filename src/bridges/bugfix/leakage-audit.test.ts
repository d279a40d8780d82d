import { afterAll, describe, expect, it } from "vitest";
import type { ActionableEnv } from "../../core/actionable-env.js";
import type { PolicyFactory, PolicyHistoryEntry } from "../../core/policy.js";
import { createRng, deriveSeed } from "../../core/seeding.js";
import { TaskCodeRunner } from "../../sandbox/task-code/task-code-runner.js";
import { createOraclePolicy } from "../../policies/bugfix/oracle-policy.js";
import { createRandomPolicy } from "../../policies/bugfix/random-policy.js";
import { createBugFixEnvDefinition } from "./bugfix-env-definition.js";
import { BugFixTaskStore } from "./bugfix-task-store.js";
import { taskPrelude } from "./task-prelude.js";
import { formatArgs } from "./test-report.js";

const definition = createBugFixEnvDefinition();
const runner = new TaskCodeRunner({ prelude: taskPrelude });
// The same tasks as the envs' (taskSeed 0), to know the hidden tests from outside.
const store = new BugFixTaskStore({ taskSeed: 0, runner: () => runner });
afterAll(() => {
  definition.dispose();
  runner.dispose();
});

/** Every observation text of one episode: reset, each step, and observe() at the end. */
async function observationsOf(
  env: ActionableEnv,
  factory: PolicyFactory,
  taskId: string,
  seed: number,
): Promise<string[]> {
  const policy = factory();
  const random = createRng(deriveSeed(seed, "policy"));
  const tools = await env.tools();
  const reset = await env.reset({ taskId, seed });
  const texts = [reset.observation.text];
  const history: PolicyHistoryEntry[] = [];
  let observation = reset.observation;
  for (let turn = 0; ; turn++) {
    const action = await policy.act({ observation, tools, history, turn, rng: random.next, random });
    const result = await env.step(action);
    texts.push(result.observation.text);
    history.push({ action, observation: result.observation });
    observation = result.observation;
    if (result.terminated || result.truncated) break;
  }
  texts.push((await env.observe()).text);
  return texts;
}

describe("hidden-test leakage audit", () => {
  it("no hidden test's args, as the test tool would print them, appear in any oracle or random observation", async () => {
    const env = await definition.create({});
    let publicSightings = 0;
    for (const taskId of store.taskIds()) {
      const task = store.task(taskId);
      const publicArgs = new Set(task.publicTests.map((test) => formatArgs(test.args)));
      const hiddenArgs = task.hiddenTests.map((test) => formatArgs(test.args)).filter((args) => !publicArgs.has(args));
      expect(hiddenArgs).toHaveLength(task.hiddenTests.length);
      const episodes = [await observationsOf(env, createOraclePolicy, taskId, 0)];
      for (let index = 0; index < 12; index++)
        episodes.push(await observationsOf(env, createRandomPolicy, taskId, deriveSeed(1, taskId, index)));
      for (const text of episodes.flat()) {
        for (const args of hiddenArgs)
          expect(text.includes(args), `${taskId}: ${args} in ${JSON.stringify(text)}`).toBe(false);
        for (const args of publicArgs) if (text.includes(args)) publicSightings += 1;
      }
    }
    // The audit looks where args do get printed: failing public tests show theirs.
    expect(publicSightings).toBeGreaterThan(30);
    await env.close();
  });
});
