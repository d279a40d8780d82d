import { spawnSync } from "node:child_process";
import { productStackDependencies } from "../app/product-stack-dependencies.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productRolloutExecutor } from "../app/product-rollout-executor.js";
import { isEnvriggerError } from "../core/errors.js";
import { freeLoopbackPort } from "../testing/free-loopback-port.js";
import { redisServerAvailable, startRedisTestServer, type RedisTestServer } from "../testing/redis-test-server.js";
import { trajectoryWithoutTimings } from "../testing/trajectory-without-timings.js";
import { queueRolloutExecutor } from "./queue-rollout-executor.js";
import { startRolloutWorker } from "./rollout-worker.js";

const TEST_LOCKS = { lockDurationMs: 2_000, stalledIntervalMs: 1_000 };

/** A worker of the product's stacks on `url`, with the short locks these tests use. */
const startTestWorker = (url: string, options: Partial<Parameters<typeof startRolloutWorker>[0]> = {}) =>
  startRolloutWorker({ stackDependencies: productStackDependencies, url, ...TEST_LOCKS, ...options });

describe("a Redis that is not there", () => {
  it("is a clear QUEUE_UNREACHABLE error within seconds, for the coordinator and the worker", async () => {
    const port = await freeLoopbackPort();
    for (const start of [
      () => queueRolloutExecutor({ url: `redis://127.0.0.1:${port}` }),
      () => startRolloutWorker({ stackDependencies: productStackDependencies, url: `redis://127.0.0.1:${port}` }),
    ]) {
      const started = Date.now();
      const error = await start().then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(isEnvriggerError(error, "QUEUE_UNREACHABLE")).toBe(true);
      expect(String((error as Error).message)).toContain(`redis://127.0.0.1:${port}`);
      expect(Date.now() - started).toBeLessThan(6_000);
    }
  });

  it("refuses a URL that is not redis:// or rediss://", async () => {
    const error = await queueRolloutExecutor({ url: "http://127.0.0.1:6379" }).catch((caught: unknown) => caught);
    expect(isEnvriggerError(error, "BAD_ARGUMENT")).toBe(true);
  });
});

if (!redisServerAvailable())
  console.warn("queue tests skipped: no redis-server at /usr/bin/redis-server (apt-get install redis-server)");

describe.skipIf(!redisServerAvailable())("rollouts on a BullMQ queue", () => {
  let redis: RedisTestServer;
  beforeAll(async () => {
    redis = await startRedisTestServer();
  });
  afterAll(async () => redis?.stop());

  it("a batch run by a worker gives the local trajectories, in batch order, and leaves nothing behind", async () => {
    const worker = await startTestWorker(redis.url, { concurrency: 4 });
    const executor = await queueRolloutExecutor({ url: redis.url });
    try {
      const batch = {
        stack: { version: 1 as const, base: { env: "toy24", taskId: "24-1" }, layers: [] },
        policy: "greedy",
        tasks: [{ taskId: "24-1" }, { taskId: "24-6", group: "g" }],
        episodes: 6,
        seed: 5,
        indexOffset: 2,
      };
      const local = await productRolloutExecutor().run(batch);
      expect(local.some((trajectory) => trajectory.stopReason === "error")).toBe(false);
      let reported = 0;
      const remote = await executor.run(batch, { onEpisode: () => (reported += 1) });
      expect(remote.map(trajectoryWithoutTimings)).toEqual(local.map(trajectoryWithoutTimings));
      expect(reported).toBe(12);
      // A second identical batch: the same jobs again, the same answers.
      expect((await executor.run(batch)).map(trajectoryWithoutTimings)).toEqual(local.map(trajectoryWithoutTimings));
      const { Redis } = await import("ioredis");
      const client = new Redis(redis.url);
      expect(await client.keys("envrigger:result:*")).toEqual([]);
      client.disconnect();
      expect(worker.counts()).toMatchObject({ refused: 0, failed: 0 });
    } finally {
      await executor.close();
      await worker.close();
    }
  }, 60_000);

  it("a batch cut into jobs of several episodes gives the same trajectories as one episode per job, and reports every episode", async () => {
    const worker = await startTestWorker(redis.url, { concurrency: 3 });
    const chunked = await queueRolloutExecutor({ url: redis.url, episodesPerJob: 4 });
    const single = await queueRolloutExecutor({ url: redis.url, episodesPerJob: 1 });
    try {
      const batch = {
        stack: { version: 1 as const, base: { env: "toy24", taskId: "24-1" }, layers: [] },
        policy: "greedy",
        tasks: [{ taskId: "24-2" }, { taskId: "24-7", group: "g" }, { taskId: "24-2" }],
        episodes: 9,
        seed: 6,
        indexOffset: 1,
      };
      const local = (await productRolloutExecutor().run(batch)).map(trajectoryWithoutTimings);
      let reported = 0;
      const remote = await chunked.run(batch, {
        onEpisode: (_trajectory, _done, total) => {
          reported += 1;
          expect(total).toBe(27);
        },
      });
      expect(remote.map(trajectoryWithoutTimings)).toEqual(local);
      expect(reported).toBe(27);
      expect((await single.run(batch)).map(trajectoryWithoutTimings)).toEqual(local);
      // 3 jobs per task of 9 episodes (4 + 4 + 1), the repeated task's jobs run once: 6 jobs in all, then 18 of one episode.
      expect(worker.counts()).toMatchObject({ completed: 6 + 18, refused: 0, failed: 0 });
    } finally {
      await chunked.close();
      await single.close();
      await worker.close();
    }
  }, 60_000);
});

describe.skipIf(!redisServerAvailable())("a batch sent before any worker runs", () => {
  let redis: RedisTestServer;
  beforeAll(async () => {
    redis = await startRedisTestServer();
  });
  afterAll(async () => redis?.stop());

  it("says it is waiting for workers, and completes when one joins", async () => {
    const notices: string[] = [];
    const executor = await queueRolloutExecutor({
      url: redis.url,
      waitNoticeMs: 300,
      sweepIntervalMs: 100,
      onWaiting: (message) => notices.push(message),
    });
    const running = executor.run({
      stack: { version: 1, base: { env: "toy24", taskId: "24-4" }, layers: [] },
      policy: "greedy",
      tasks: [{ taskId: "24-4" }],
      episodes: 3,
      seed: 8,
    });
    while (notices.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(notices[0]).toMatch(/3 of 3 rollout jobs still waiting .*envrigger worker/);
    const worker = await startTestWorker(redis.url);
    try {
      expect(await running).toHaveLength(3);
    } finally {
      await executor.close();
      await worker.close();
    }
  }, 60_000);
});

describe.skipIf(!redisServerAvailable())("a Redis that requires a password", () => {
  const password = "s3cret-queue-pass-9481";
  let redis: RedisTestServer;
  beforeAll(async () => {
    redis = await startRedisTestServer({ password });
  });
  afterAll(async () => redis?.stop());

  it("works with the password from ENVRIGGER_REDIS_PASSWORD or the URL, and never prints it", async () => {
    const environment = { ENVRIGGER_REDIS_PASSWORD: password };
    const worker = await startTestWorker(redis.url, { environment, concurrency: 2 });
    const withUrl = redis.url.replace("redis://", `redis://:${password}@`);
    const executor = await queueRolloutExecutor({ url: withUrl, environment: {} });
    try {
      expect(executor.description).not.toContain(password);
      const trajectories = await executor.run({
        stack: { version: 1, base: { env: "toy24", taskId: "24-2" }, layers: [] },
        policy: "solver",
        tasks: [{ taskId: "24-2" }],
        episodes: 2,
        seed: 1,
      });
      expect(trajectories.map((trajectory) => trajectory.evaluation?.success)).toEqual([true, true]);
    } finally {
      await executor.close();
      await worker.close();
    }
    for (const url of [redis.url, redis.url.replace("redis://", "redis://:wrong-password@")]) {
      const error = await queueRolloutExecutor({ url, environment: {} }).catch((caught: unknown) => caught);
      expect(isEnvriggerError(error, "QUEUE_UNREACHABLE")).toBe(true);
      expect((error as Error).message).not.toContain("wrong-password");
      expect((error as Error).message).not.toContain(password);
    }
  }, 60_000);
});

const opensslAvailable = spawnSync("openssl", ["version"]).status === 0;
if (redisServerAvailable() && !opensslAvailable)
  console.warn("TLS queue test skipped: no openssl to make a test certificate");

describe.skipIf(!redisServerAvailable() || !opensslAvailable)("a Redis behind TLS (rediss://)", () => {
  let redis: RedisTestServer;
  beforeAll(async () => {
    redis = await startRedisTestServer({ tls: true });
  });
  afterAll(async () => redis?.stop());

  it("works when its CA is trusted through ENVRIGGER_REDIS_TLS_CA, and is refused otherwise", async () => {
    expect(redis.url.startsWith("rediss://")).toBe(true);
    const environment = { ENVRIGGER_REDIS_TLS_CA: redis.certificateFile! };
    const worker = await startTestWorker(redis.url, { environment, concurrency: 2 });
    const executor = await queueRolloutExecutor({ url: redis.url, environment });
    try {
      const trajectories = await executor.run({
        stack: { version: 1, base: { env: "toy24", taskId: "24-3" }, layers: [] },
        policy: "solver",
        tasks: [{ taskId: "24-3" }],
        episodes: 2,
        seed: 2,
      });
      expect(trajectories.map((trajectory) => trajectory.evaluation?.success)).toEqual([true, true]);
    } finally {
      await executor.close();
      await worker.close();
    }
    const untrusted = await queueRolloutExecutor({ url: redis.url, environment: {} }).catch(
      (caught: unknown) => caught,
    );
    expect(isEnvriggerError(untrusted, "QUEUE_UNREACHABLE")).toBe(true);
    const plain = await queueRolloutExecutor({
      url: redis.url.replace("rediss://", "redis://"),
      environment: {},
    }).catch((caught: unknown) => caught);
    expect(isEnvriggerError(plain, "QUEUE_UNREACHABLE")).toBe(true);
  }, 60_000);
});
