import { performance } from "node:perf_hooks";
import { toy24Env } from "../src/bridges/toy24/toy24-env-definition.js";
import { productRolloutExecutor } from "../src/curriculum/product-rollout-executor.js";
import { queueRolloutExecutor } from "../src/queue/queue-rollout-executor.js";
import type { RolloutBatchInput } from "../src/rollout/rollout-batch.js";
import { redisServerAvailable, startRedisTestServer } from "../src/testing/redis-test-server.js";
import { spawnCliWorker, type CliWorkerProcess } from "../src/testing/spawn-cli-worker.js";
import { trajectoryWithoutTimings } from "../src/testing/trajectory-without-timings.js";

/**
 * Issue 13 part 3: distributed rollouts on a loopback redis-server. A Toy24 batch (20 train
 * puzzles × 10 episodes of `greedy`, one job per episode) in this process, then through the
 * queue with one `envrigger worker` process and with two: episodes per second each way,
 * and whether the queue's trajectories equal the local ones.
 */
export async function benchQueueThroughput(): Promise<Record<string, unknown>> {
  if (!redisServerAvailable()) return { queueThroughput: "skipped: no redis-server" };
  const tasks = (await toy24Env.listTasks("train")).slice(0, 20).map((task) => ({ taskId: task.id }));
  const batch = (seed: number): RolloutBatchInput => ({ stack: { version: 1, base: { env: "toy24", taskId: tasks[0]!.taskId }, layers: [] }, policy: "greedy", tasks, episodes: 10, seed });
  const episodes = tasks.length * 10;
  const redis = await startRedisTestServer();
  const workers: CliWorkerProcess[] = [];
  try {
    const local = productRolloutExecutor();
    await local.run(batch(99));
    let started = performance.now();
    const expected = await local.run(batch(1));
    const localSeconds = (performance.now() - started) / 1000;
    const executor = await queueRolloutExecutor({ url: redis.url });
    const timed = async (seed: number) => {
      await executor.run(batch(seed + 1000)); // warm-up: each worker loads its env and policy
      started = performance.now();
      const trajectories = await executor.run(batch(seed));
      return { seconds: (performance.now() - started) / 1000, trajectories };
    };
    try {
      workers.push(await spawnCliWorker(["--queue", redis.url, "--concurrency", "4"]));
      const one = await timed(1);
      workers.push(await spawnCliWorker(["--queue", redis.url, "--concurrency", "4"]));
      const two = await timed(2);
      const expectedTwo = await local.run(batch(2));
      const same = (left: typeof expected, right: typeof expected) => JSON.stringify(left.map(trajectoryWithoutTimings)) === JSON.stringify(right.map(trajectoryWithoutTimings));
      return {
        queueBatchEpisodes: episodes,
        queueLocalEpisodesPerSecond: Math.round(episodes / localSeconds),
        queue1WorkerEpisodesPerSecond: Math.round(episodes / one.seconds),
        queue2WorkersEpisodesPerSecond: Math.round(episodes / two.seconds),
        queue2Over1WorkersRatio: Number((one.seconds / two.seconds).toFixed(2)),
        queueTrajectoriesEqualLocal: same(one.trajectories, expected) && same(two.trajectories, expectedTwo),
      };
    } finally {
      await executor.close();
    }
  } finally {
    for (const worker of workers) {
      worker.child.kill("SIGTERM");
      await worker.exited;
    }
    await redis.stop();
  }
}
