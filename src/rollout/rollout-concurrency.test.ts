import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bugfixEnv } from "../bridges/bugfix/bugfix-env-definition.js";
import type { Policy } from "../core/policy.js";
import { createLlmPolicy } from "../policies/llm/create-llm-policy.js";
import { bugfixTextReply } from "../testing/bugfix-text-model.js";
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from "../testing/openai-compatible-server.js";
import { TestEnvDefinition } from "../testing/test-env-definition.js";
import { trajectoryWithoutTimings } from "../testing/trajectory-without-timings.js";
import { defaultRolloutConcurrency } from "./default-rollout-concurrency.js";
import { localRolloutExecutor } from "./local-rollout-executor.js";
import { runRollouts } from "./run-rollouts.js";

/** A policy that waits a seeded, varying time per act, so episodes finish out of order when concurrent. */
function slowCounterPolicy(inFlight: { now: number; max: number }): () => Policy {
  return () => ({
    name: "slow-counter",
    async act(input) {
      inFlight.now += 1;
      inFlight.max = Math.max(inFlight.max, inFlight.now);
      await new Promise((resolve) => setTimeout(resolve, 1 + Math.floor(input.rng() * 6)));
      inFlight.now -= 1;
      const counter = Number(/counter (-?\d+)/.exec(input.observation.text)?.[1] ?? 0);
      return counter >= 3 || input.rng() < 0.15 ? { name: "submit", args: {} } : { name: "inc", args: {} };
    },
  });
}

describe("rollout concurrency", () => {
  it("defaults to 16 for policies and envs that wait on I/O and 1 for scripted ones", () => {
    expect(defaultRolloutConcurrency("openai:gpt-4o-mini", "bugfix")).toBe(16);
    expect(defaultRolloutConcurrency("gemini:gemini-2.5-flash", "toy24")).toBe(16);
    expect(defaultRolloutConcurrency("file:./p.ts", "openenv:http://127.0.0.1:8000")).toBe(16);
    expect(defaultRolloutConcurrency("hasty", "bugfix")).toBe(1);
    expect(defaultRolloutConcurrency("file:./p.ts", "file:./e.ts")).toBe(1);
  });

  it("gives the same trajectories, in the same order, at 1 and 8 episodes in flight", async () => {
    const env = new TestEnvDefinition();
    const run = async (concurrency: number) => {
      const inFlight = { now: 0, max: 0 };
      const trajectories = await runRollouts({
        createEnv: () => env.create(),
        policy: slowCounterPolicy(inFlight),
        tasks: [{ taskId: "t1" }, { taskId: "t2", group: "g" }],
        episodes: 12,
        seed: 7,
        indexOffset: 3,
        concurrency,
      });
      return { trajectories: trajectories.map(trajectoryWithoutTimings), max: inFlight.max };
    };
    const serial = await run(1);
    const parallel = await run(8);
    expect(serial.max).toBe(1);
    expect(parallel.max).toBe(8);
    expect(parallel.trajectories).toEqual(serial.trajectories);
    expect(new Set(serial.trajectories.map((trajectory) => trajectory.seed)).size).toBe(24);
  });

  it("the local executor runs a batch of data like runRollouts, whatever the concurrency", async () => {
    const env = new TestEnvDefinition();
    const inFlight = { now: 0, max: 0 };
    const executor = localRolloutExecutor({
      buildEnv: () => env.create(),
      policy: async () => slowCounterPolicy(inFlight),
    });
    const batch = {
      stack: { version: 1 as const, base: { env: "test", taskId: "t1" }, layers: [] },
      policy: "slow-counter",
      tasks: [{ taskId: "t1" }],
      episodes: 10,
      seed: 3,
      indexOffset: 5,
    };
    const one = await executor.run(batch, { concurrency: 1 });
    const eight = await executor.run(batch, { concurrency: 8 });
    const direct = await runRollouts({
      createEnv: () => env.create(),
      policy: slowCounterPolicy(inFlight),
      tasks: [{ taskId: "t1" }],
      episodes: 10,
      seed: 3,
      indexOffset: 5,
    });
    expect(eight.map(trajectoryWithoutTimings)).toEqual(one.map(trajectoryWithoutTimings));
    expect(one.map(trajectoryWithoutTimings)).toEqual(direct.map(trajectoryWithoutTimings));
  });

  describe("an LLM policy against the local OpenAI-compatible server", () => {
    let server: OpenAiCompatibleServer;
    beforeAll(async () => {
      server = await startOpenAiCompatibleServer({
        replies: [],
        respond: bugfixTextReply,
        delayMs: 20,
        maxRequests: 10_000,
      });
    });
    afterAll(async () => server?.close());

    it("gives identical trajectories at 1 and 8 episodes in flight", async () => {
      const policy = createLlmPolicy("openai:scripted", {
        mode: "text",
        environment: { OPENAI_BASE_URL: server.baseUrl },
      });
      const tasks = (await bugfixEnv.listTasks("train"))
        .slice(0, 2)
        .map((task) => ({ taskId: task.id, group: task.group }));
      const run = (concurrency: number) =>
        runRollouts({ createEnv: () => bugfixEnv.create(), policy, tasks, episodes: 8, seed: 11, concurrency });
      const serial = await run(1);
      const parallel = await run(8);
      expect(parallel.map(trajectoryWithoutTimings)).toEqual(serial.map(trajectoryWithoutTimings));
      expect(serial.every((trajectory) => trajectory.stopReason === "submit")).toBe(true);
      // The model's edit op follows the sampling seed: episodes differ.
      expect(
        new Set(serial.map((trajectory) => JSON.stringify(trajectory.steps[2]?.policyAction))).size,
      ).toBeGreaterThan(1);
    }, 60_000);
  });
});
