import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../src/cli/program.js";
import { isEnvriggerError } from "../src/core/errors.js";
import { productRolloutExecutor } from "../src/app/product-rollout-executor.js";
import { ROLLOUT_QUEUE_NAME } from "../src/queue/queue-keys.js";
import { queueRolloutExecutor } from "../src/queue/queue-rollout-executor.js";
import { rolloutJobId, type RolloutJob } from "../src/queue/rollout-job.js";
import { redisServerAvailable, startRedisTestServer, type RedisTestServer } from "../src/testing/redis-test-server.js";
import { spawnCliWorker, type CliWorkerProcess } from "../src/testing/spawn-cli-worker.js";
import { trajectoryWithoutTimings } from "../src/testing/trajectory-without-timings.js";
import { captureIo } from "./helpers/capture-io.js";

const TEST_LOCKS = ["--lock-duration-ms", "2000", "--stalled-interval-ms", "1000"];

/** A counter env and a slow seeded policy, as plugin modules in `directory`. */
function writePlugins(directory: string): { env: string; policy: string } {
  mkdirSync(directory, { recursive: true });
  const env = join(directory, "counter-env.mjs");
  const policy = join(directory, "slow-policy.mjs");
  writeFileSync(
    env,
    `export default {
  id: "counter",
  listTasks: (split) => (split === "train" ? [{ id: "two", split: "train" }, { id: "three", split: "train" }] : []),
  create() {
    let counter = 0, submitted = false, target = 2;
    const tool = (name) => ({ name, description: name, inputSchema: { type: "object", properties: {} } });
    return {
      tools: () => [tool("inc"), tool("submit")],
      reset: ({ taskId }) => ((counter = 0), (submitted = false), (target = taskId === "three" ? 3 : 2), { observation: { text: "counter 0" }, info: { maxTurns: 6 } }),
      step: (action) => {
        if (action.name === "inc") counter += 1;
        if (action.name === "submit") submitted = true;
        return { observation: { text: "counter " + counter }, reward: 0, terminated: submitted, truncated: false, info: {} };
      },
      evaluate: () => ({ success: submitted && counter === target, score: counter === target ? 1 : 0, metrics: {} }),
    };
  },
};
`,
  );
  writeFileSync(
    policy,
    `export default {
  name: "slow-policy",
  async act(input) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    return input.rng() < 0.3 ? { name: "submit", args: {} } : { name: "inc", args: {} };
  },
};
`,
  );
  return { env: `file:${env}`, policy: `file:${policy}` };
}

/** Candidate files stored under `directory`. */
async function curriculumCandidates(directory: string): Promise<string[]> {
  const { readdirSync } = await import("node:fs");
  return readdirSync(directory, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".json"))
    .map((name) => join(directory, name));
}

if (!redisServerAvailable())
  console.warn(
    "distributed-rollout tests skipped: no redis-server at /usr/bin/redis-server (apt-get install redis-server)",
  );

describe.skipIf(!redisServerAvailable())("distributed rollouts with envrigger worker processes", () => {
  let redis: RedisTestServer;
  const workers: CliWorkerProcess[] = [];
  const start = async (argumentsList: string[]) => {
    const worker = await spawnCliWorker(["--queue", redis.url, ...TEST_LOCKS, ...argumentsList]);
    workers.push(worker);
    return worker;
  };
  const stopAll = async () => {
    for (const worker of workers.splice(0)) {
      if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill("SIGTERM");
      await worker.exited;
    }
  };
  beforeAll(async () => {
    redis = await startRedisTestServer();
  });
  afterAll(async () => {
    await stopAll();
    await redis?.stop();
  });

  it("a curriculum on two workers gives the local run's accepted set and validation numbers", async () => {
    const root = mkdtempSync(join(tmpdir(), "envrigger-distributed-"));
    await Promise.all([start(["--job-concurrency", "2", "--verbose"]), start(["--job-concurrency", "2", "--verbose"])]);
    const curriculum = async (name: string, extra: string[]) => {
      const { io, out, err } = captureIo(root);
      const code = await runCli(
        [
          "curriculum",
          "--env",
          "bugfix",
          "--policy",
          "hasty",
          "--task",
          "clamp-0,range-1,divide-2",
          "--seed",
          "4",
          "--out",
          join(root, name),
          "--candidates",
          join(root, `${name}-candidates`),
          "--json",
          ...extra,
        ],
        io,
      );
      expect(code, err()).toBe(0);
      const result = JSON.parse(out()) as { tasks: Array<Record<string, unknown>>; summary: Record<string, unknown> };
      return result.tasks.map(({ taskId, outcome, baseline, accepted, revisions, best }) => ({
        taskId,
        outcome,
        baseline,
        accepted,
        revisions,
        best,
      }));
    };
    try {
      const local = await curriculum("local", []);
      const distributed = await curriculum("distributed", ["--queue", redis.url]);
      expect(distributed).toEqual(local);
      expect(local.some((task) => task.outcome === "accepted")).toBe(true);
      // baseline and measure take --queue the same way.
      const baseline = async (extra: string[]) => {
        const { io, out, err } = captureIo(root);
        expect(
          await runCli(
            [
              "baseline",
              "--env",
              "toy24",
              "--policy",
              "greedy",
              "--task",
              "24-1,24-2",
              "--episodes",
              "4",
              "--seed",
              "3",
              "--json",
              ...extra,
            ],
            io,
          ),
          err(),
        ).toBe(0);
        return JSON.parse(out()) as Record<string, unknown>;
      };
      expect(await baseline(["--queue", redis.url])).toEqual(await baseline([]));
      const candidate = (await curriculumCandidates(join(root, "local-candidates")))[0]!;
      const measure = async (extra: string[]) => {
        const { io, out, err } = captureIo(root);
        expect(
          await runCli(
            ["measure", "--candidate", candidate, "--policy", "hasty", "--episodes", "6", "--json", ...extra],
            io,
          ),
          err(),
        ).toBe(0);
        return JSON.parse(out()) as Record<string, unknown>;
      };
      expect(await measure(["--queue", redis.url])).toEqual(await measure([]));
      // Both workers served jobs, and none was refused or failed.
      for (const worker of workers) {
        expect(worker.log()).toMatch(/^job ep-[0-9a-f]+ finished/m);
        expect(worker.log()).not.toMatch(/^job \S+ (refused|failed)/m);
      }
    } finally {
      await stopAll();
    }
  }, 300_000);

  it.each([
    ["moved back to wait by the other worker's stalled check", "1", 1],
    ["failed by BullMQ at its stalled limit and re-queued by the coordinator", "0", 1],
    ["a job of 3 episodes, killed part-way through them", "1", 3],
  ])(
    "a worker SIGKILLed mid-job: its job is redone by the other (%s), no trajectory lost or counted twice",
    async (_how, maxStalled, episodesPerJob) => {
      const plugins = writePlugins(mkdtempSync(join(tmpdir(), "envrigger-plugins-")));
      const directory = plugins.env.slice("file:".length, plugins.env.lastIndexOf("/"));
      const batch = {
        stack: { version: 1 as const, base: { env: plugins.env, taskId: "two" }, layers: [] },
        policy: plugins.policy,
        tasks: [{ taskId: "two" }, { taskId: "three" }],
        episodes: 3,
        seed: Number(maxStalled) + 9,
      };
      const local = await productRolloutExecutor().run(batch);
      const options = [
        "--job-concurrency",
        "1",
        "--plugins-dir",
        directory,
        "--max-stalled-count",
        maxStalled,
        "--verbose",
      ];
      const [victim, survivor] = await Promise.all([start(options), start(options)]);
      const executor = await queueRolloutExecutor({ url: redis.url, sweepIntervalMs: 500, episodesPerJob });
      try {
        const running = executor.run(batch);
        await victim!.waitFor(/job (ep-[0-9a-f]+) started/);
        const killedJob = /job (ep-[0-9a-f]+) started/.exec(victim!.log())![1]!;
        victim!.child.kill("SIGKILL");
        const remote = await running;
        expect(remote.map(trajectoryWithoutTimings)).toEqual(local.map(trajectoryWithoutTimings));
        expect(remote).toHaveLength(6);
        expect(new Set(remote.map((trajectory) => `${trajectory.taskId}/${trajectory.seed}`)).size).toBe(6);
        expect(victim!.log()).not.toContain(`job ${killedJob} finished`);
        expect(survivor!.log()).toContain(`job ${killedJob} finished`);
      } finally {
        await executor.close();
        await stopAll();
      }
    },
    120_000,
  );

  it("refuses malformed jobs, plugins outside --plugins-dir, URLs not allowed and forged ids with a reason, and keeps serving", async () => {
    const allowed = mkdtempSync(join(tmpdir(), "envrigger-allowed-"));
    const outside = writePlugins(mkdtempSync(join(tmpdir(), "envrigger-outside-")));
    const worker = await start(["--plugins-dir", allowed, "--allow-url", "http://127.0.0.1:9/allowed/"]);
    const { Queue } = await import("bullmq");
    const queue = new Queue(ROLLOUT_QUEUE_NAME, { connection: { host: "127.0.0.1", port: redis.port } });
    const job = (overrides: Partial<RolloutJob>): RolloutJob => ({
      version: 1,
      stack: { version: 1, base: { env: "toy24", taskId: "24-1" }, layers: [] },
      policy: "greedy",
      taskId: "24-1",
      seed: 1,
      index: 0,
      ...overrides,
    });
    const outsidePolicy = job({ policy: outside.policy });
    const badUrl = job({
      stack: { version: 1, base: { env: "openenv:http://127.0.0.1:9/other", taskId: "default" }, layers: [] },
      taskId: "default",
    });
    const goodUrlButForged = job({ index: 1 });
    const cases: Array<{ id: string; data: unknown; reason: RegExp }> = [
      { id: "ep-malformed", data: { hello: "world" }, reason: /malformed job data/ },
      { id: rolloutJobId(outsidePolicy), data: outsidePolicy, reason: /outside the worker's --plugins-dir/ },
      { id: rolloutJobId(badUrl), data: badUrl, reason: /URL is not allowed/ },
      { id: "ep-forged", data: goodUrlButForged, reason: /not the hash of its content/ },
    ];
    try {
      for (const item of cases) await queue.add("episode", item.data, { jobId: item.id });
      const good = job({ index: 2 });
      await queue.add("episode", good, { jobId: rolloutJobId(good) });
      const deadline = Date.now() + 60_000;
      const states = async () =>
        Promise.all([...cases.map((item) => item.id), rolloutJobId(good)].map((id) => queue.getJobState(id)));
      while ((await states()).some((state) => state !== "failed" && state !== "completed") && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 200));
      for (const item of cases) {
        const stored = await queue.getJob(item.id);
        expect(await stored!.getState()).toBe("failed");
        expect(stored!.failedReason).toMatch(item.reason);
        expect(stored!.attemptsMade).toBe(1);
      }
      expect(await queue.getJobState(rolloutJobId(good))).toBe("completed");
      // Through the coordinator: a refused job fails the batch with the worker's reason.
      const executor = await queueRolloutExecutor({ url: redis.url, sweepIntervalMs: 300 });
      const error = await executor
        .run({ stack: outsidePolicy.stack, policy: outside.policy, tasks: [{ taskId: "24-1" }], episodes: 1, seed: 2 })
        .catch((caught: unknown) => caught);
      await executor.close();
      expect(isEnvriggerError(error, "QUEUE_JOB_FAILED")).toBe(true);
      expect((error as Error).message).toMatch(/outside the worker's --plugins-dir/);
      expect(worker.child.exitCode).toBeNull();
      expect(worker.log()).toMatch(/refused: malformed job data/);
    } finally {
      await queue.close();
      await stopAll();
    }
  }, 120_000);
});
