import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productStackDependencies } from "../app/product-stack-dependencies.js";
import { isEnvriggerError } from "../core/errors.js";
import { productRolloutExecutor } from "../app/product-rollout-executor.js";
import { rolloutBatchSchema } from "../rollout/rollout-batch.js";
import { redisServerAvailable, startRedisTestServer, type RedisTestServer } from "../testing/redis-test-server.js";
import { trajectoryWithoutTimings } from "../testing/trajectory-without-timings.js";
import { resultKey } from "./queue-keys.js";
import { queueRolloutExecutor } from "./queue-rollout-executor.js";
import { rolloutJobsOf } from "./rollout-job.js";
import { startRolloutWorker } from "./rollout-worker.js";

const TEST_LOCKS = { lockDurationMs: 2_000, stalledIntervalMs: 1_000 };
const keyed = { ENVRIGGER_QUEUE_KEY: "coordinator-and-workers-secret" };
const batch = rolloutBatchSchema.parse({
  stack: { version: 1, base: { env: "toy24", taskId: "24-1" }, layers: [] },
  policy: "greedy",
  tasks: [{ taskId: "24-1" }, { taskId: "24-6" }],
  episodes: 4,
  seed: 11,
});

describe.skipIf(!redisServerAvailable())("results planted in Redis (issue 25, probe 1)", () => {
  let redis: RedisTestServer;
  beforeAll(async () => {
    redis = await startRedisTestServer();
  });
  afterAll(async () => redis?.stop());

  /** Plant, under every job id of the batch (ids are content hashes anyone can compute), other trajectories. */
  async function plantForgeries(): Promise<void> {
    const forged = await productRolloutExecutor().run({ ...batch, seed: 999 });
    const { Redis } = await import("ioredis");
    const client = new Redis(redis.url);
    for (const { id, job, at } of rolloutJobsOf(batch, 2)) {
      const count = job.count ?? 1;
      await client.set(resultKey(id), JSON.stringify(forged.slice(at, at + count)));
    }
    client.disconnect();
  }

  it("with a queue key: planted results are refused, logged and rerun; only the workers' signed results count", async () => {
    const local = await productRolloutExecutor().run(batch);
    await plantForgeries();
    const warnings: string[] = [];
    const executor = await queueRolloutExecutor({
      url: redis.url,
      episodesPerJob: 2,
      environment: keyed,
      onWarning: (message) => warnings.push(message),
    });
    const worker = await startRolloutWorker({
      stackDependencies: productStackDependencies,
      url: redis.url,
      environment: keyed,
      ...TEST_LOCKS,
    });
    try {
      const remote = await executor.run(batch);
      expect(remote.map(trajectoryWithoutTimings)).toEqual(local.map(trajectoryWithoutTimings));
      expect(warnings.filter((warning) => /not signed: refused, running the job again/.test(warning))).toHaveLength(4);
    } finally {
      await executor.close();
      await worker.close();
    }
  }, 60_000);

  it("a worker with another key: its results are refused a few times, then the batch fails — never counted", async () => {
    const executor = await queueRolloutExecutor({ url: redis.url, episodesPerJob: 2, environment: keyed });
    const worker = await startRolloutWorker({
      stackDependencies: productStackDependencies,
      url: redis.url,
      environment: { ENVRIGGER_QUEUE_KEY: "a-different-worker-secret" },
      ...TEST_LOCKS,
    });
    try {
      const error = await executor.run(batch).catch((caught: unknown) => caught);
      expect(isEnvriggerError(error, "QUEUE_JOB_FAILED")).toBe(true);
      expect(String((error as Error).message)).toMatch(/signed with another key, 4 times: not counted/);
    } finally {
      await executor.close();
      await worker.close();
    }
  }, 60_000);

  it("without a key: says once that results are not authenticated", async () => {
    const warnings: string[] = [];
    const lines: string[] = [];
    const worker = await startRolloutWorker({
      stackDependencies: productStackDependencies,
      url: redis.url,
      environment: {},
      log: (line) => lines.push(line),
    });
    for (let round = 0; round < 2; round++) {
      const executor = await queueRolloutExecutor({
        url: redis.url,
        environment: {},
        onWarning: (message) => warnings.push(message),
      });
      await executor.close();
    }
    await worker.close();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/not authenticated.*ENVRIGGER_QUEUE_KEY/);
    expect(lines.some((line) => /not authenticated/.test(line))).toBe(true);
  });
});
