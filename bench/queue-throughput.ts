import { performance } from "node:perf_hooks";
import type { Trajectory } from "../src/core/trajectory.js";
import { toy24Env } from "../src/bridges/toy24/toy24-env-definition.js";
import { productRolloutExecutor } from "../src/app/product-rollout-executor.js";
import { queueRolloutExecutor } from "../src/queue/queue-rollout-executor.js";
import { defaultEpisodesPerJob } from "../src/queue/rollout-job.js";
import { rolloutBatchSchema, type RolloutBatchInput } from "../src/rollout/rollout-batch.js";
import type { RolloutExecutor } from "../src/rollout/rollout-executor.js";
import { redisServerAvailable, startRedisTestServer } from "../src/testing/redis-test-server.js";
import { spawnCliWorker, type CliWorkerProcess } from "../src/testing/spawn-cli-worker.js";
import { trajectoryWithoutTimings } from "../src/testing/trajectory-without-timings.js";
import { median } from "./measure.js";

/**
 * Issue 13 part 3: distributed rollouts on a loopback redis-server. A Toy24 batch (20 train
 * puzzles × 10 episodes of `greedy`; the median of 3 batches) in this process, then through the queue with one
 * `envrigger worker` process and with two, each way: one episode per job, and the default
 * cut for scripted policies (consecutive episodes of a task share a job; see
 * `defaultEpisodesPerJob`). Episodes per second, the 2-over-1-worker ratios, and whether
 * the queue's trajectories equal the local ones.
 */
export async function benchQueueThroughput(): Promise<Record<string, unknown>> {
  if (!redisServerAvailable()) return { queueThroughput: "skipped: no redis-server" };
  const tasks = (await toy24Env.listTasks("train")).slice(0, 20).map((task) => ({ taskId: task.id }));
  const batch = (seed: number): RolloutBatchInput => ({
    stack: { version: 1, base: { env: "toy24", taskId: tasks[0]!.taskId }, layers: [] },
    policy: "greedy",
    tasks,
    episodes: 10,
    seed,
  });
  const episodes = tasks.length * 10;
  const chunk = defaultEpisodesPerJob(rolloutBatchSchema.parse(batch(0)));
  const redis = await startRedisTestServer();
  const workers: CliWorkerProcess[] = [];
  try {
    const local = productRolloutExecutor();
    await local.run(batch(99));
    let started = performance.now();
    const expected = await local.run(batch(1));
    const localSeconds = (performance.now() - started) / 1000;
    const single = await queueRolloutExecutor({ url: redis.url, episodesPerJob: 1 });
    const chunked = await queueRolloutExecutor({ url: redis.url });
    // The median of 3 batches (a batch takes a fraction of a second), after a warm-up batch.
    const timed = async (executor: RolloutExecutor, seed: number) => {
      await executor.run(batch(seed + 1000)); // warm-up: each worker loads its env and policy
      const times: number[] = [];
      let trajectories: Trajectory[] = [];
      for (const repeat of [0, 1, 2]) {
        started = performance.now();
        const result = await executor.run(batch(seed + 100 * repeat));
        times.push((performance.now() - started) / 1000);
        if (repeat === 0) trajectories = result;
      }
      return { seconds: median(times), trajectories };
    };
    try {
      workers.push(await spawnCliWorker(["--queue", redis.url, "--job-concurrency", "4"]));
      const one = await timed(single, 1);
      const oneChunked = await timed(chunked, 1);
      workers.push(await spawnCliWorker(["--queue", redis.url, "--job-concurrency", "4"]));
      const two = await timed(single, 2);
      const twoChunked = await timed(chunked, 2);
      const expectedTwo = await local.run(batch(2));
      const same = (left: typeof expected, right: typeof expected) =>
        JSON.stringify(left.map(trajectoryWithoutTimings)) === JSON.stringify(right.map(trajectoryWithoutTimings));
      const rate = (seconds: number) => Math.round(episodes / seconds);
      return {
        queueBatchEpisodes: episodes,
        queueLocalEpisodesPerSecond: rate(localSeconds),
        queue1WorkerEpisodesPerSecond: rate(one.seconds),
        queue2WorkersEpisodesPerSecond: rate(two.seconds),
        queue2Over1WorkersRatio: Number((one.seconds / two.seconds).toFixed(2)),
        queueEpisodesPerJob: chunk,
        queueJobsPerBatch: Math.ceil(10 / chunk) * tasks.length,
        queueChunked1WorkerEpisodesPerSecond: rate(oneChunked.seconds),
        queueChunked2WorkersEpisodesPerSecond: rate(twoChunked.seconds),
        queueChunked2Over1WorkersRatio: Number((oneChunked.seconds / twoChunked.seconds).toFixed(2)),
        queueTrajectoriesEqualLocal:
          [one, oneChunked].every((run) => same(run.trajectories, expected)) &&
          [two, twoChunked].every((run) => same(run.trajectories, expectedTwo)),
      };
    } finally {
      await single.close();
      await chunked.close();
    }
  } finally {
    for (const worker of workers) {
      worker.child.kill("SIGTERM");
      await worker.exited;
    }
    await redis.stop();
  }
}
