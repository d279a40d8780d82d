import { afterEach, describe, expect, it } from "vitest";
import { productStackDependencies } from "../app/product-stack-dependencies.js";
import { isEnvriggerError } from "../core/errors.js";
import { redisServerAvailable, startRedisTestServer, type RedisTestServer } from "../testing/redis-test-server.js";
import { ROLLOUT_QUEUE_NAME } from "./queue-keys.js";
import { queueRolloutExecutor } from "./queue-rollout-executor.js";
import { startRolloutWorker } from "./rollout-worker.js";

const batch = {
  stack: { version: 1 as const, base: { env: "toy24", taskId: "24-1" }, layers: [] },
  policy: "greedy",
  tasks: [{ taskId: "24-1" }],
  episodes: 200,
  seed: 1,
};

describe.skipIf(!redisServerAvailable())("a Redis that stops answering (issue 25, probe 2)", () => {
  let redis: RedisTestServer | undefined;
  afterEach(async () => {
    if (redis) process.kill(redis.pid, "SIGCONT");
    await redis?.stop();
    redis = undefined;
  });

  it("fails the coordinator's batch with QUEUE_UNREACHABLE within 30 s, and close() returns", async () => {
    redis = await startRedisTestServer();
    const executor = await queueRolloutExecutor({ url: redis.url, sweepIntervalMs: 500 });
    // No worker: the batch waits on its jobs, sweeping Redis, when Redis freezes (kill -STOP).
    const running = executor.run(batch).then(
      () => null,
      (error: unknown) => error,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    process.kill(redis.pid, "SIGSTOP");
    const stopped = Date.now();
    const error = await running;
    const reported = Date.now() - stopped;
    expect(isEnvriggerError(error, "QUEUE_UNREACHABLE")).toBe(true);
    expect(String((error as Error).message)).toMatch(/--resume|resume/);
    expect(reported).toBeLessThan(30_000);
    const closing = Date.now();
    await executor.close();
    expect(Date.now() - closing).toBeLessThan(6_000);
  }, 60_000);
});

describe.skipIf(!redisServerAvailable())("a job whose data cannot be read (issue 25, probe 3)", () => {
  it("is failed permanently with its reason, once, and the worker goes on", async () => {
    const redis = await startRedisTestServer();
    const lines: string[] = [];
    const worker = await startRolloutWorker({
      stackDependencies: productStackDependencies,
      url: redis.url,
      lockDurationMs: 1_000,
      stalledIntervalMs: 500,
      log: (line) => lines.push(line),
    });
    const { Redis } = await import("ioredis");
    const client = new Redis(redis.url);
    try {
      // Planted with plain Redis commands, as anyone who can write to Redis could.
      const plant = async (id: string, data: string) => {
        await client.hset(`bull:${ROLLOUT_QUEUE_NAME}:${id}`, {
          name: "episode",
          data,
          opts: JSON.stringify({ attempts: 3 }),
          timestamp: Date.now(),
          delay: 0,
          priority: 0,
        });
        await client.lpush(`bull:${ROLLOUT_QUEUE_NAME}:wait`, id);
      };
      await plant("not-json", "not json{");
      await plant("too-deep", `{"x":${"[".repeat(100_000)}${"]".repeat(100_000)}}`);
      const failedReason = (id: string) => client.hget(`bull:${ROLLOUT_QUEUE_NAME}:${id}`, "failedReason");
      const deadline = Date.now() + 10_000;
      while ((!(await failedReason("not-json")) || !(await failedReason("too-deep"))) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await failedReason("not-json")).toMatch(/refused: job data that cannot be read: .*JSON/);
      expect(await failedReason("too-deep")).toMatch(/refused: job data that cannot be read: JSON nested deeper/);
      // Several stall checks later: failed once each, never taken again.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(await client.zcard(`bull:${ROLLOUT_QUEUE_NAME}:failed`)).toBe(2);
      expect(await client.llen(`bull:${ROLLOUT_QUEUE_NAME}:wait`)).toBe(0);
      expect(await client.llen(`bull:${ROLLOUT_QUEUE_NAME}:active`)).toBe(0);
      expect(worker.counts()).toEqual({ completed: 0, refused: 2, failed: 0 });
      expect(lines.filter((line) => line.startsWith("job not-json"))).toHaveLength(1);
    } finally {
      client.disconnect();
      await worker.close();
      await redis.stop();
    }
  }, 30_000);
});
