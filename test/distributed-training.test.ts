import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bugfixEnv } from "../src/bridges/bugfix/bugfix-env-definition.js";
import { queueRolloutExecutor } from "../src/queue/queue-rollout-executor.js";
import { runExperiment } from "../src/rl/run-experiment.js";
import { redisServerAvailable, startRedisTestServer, type RedisTestServer } from "../src/testing/redis-test-server.js";
import { spawnCliWorker, type CliWorkerProcess } from "../src/testing/spawn-cli-worker.js";
import { trainOnRewritingStacks } from "../src/testing/rewriting-stacks.js";
import { tinyPublicRewardExperiment } from "../src/testing/tiny-public-reward-experiment.js";
import { runCapturedCli } from "./helpers/capture-io.js";
import { productRigDependencies } from "../src/app/product-rig-dependencies.js";
import { productStackDependencies } from "../src/app/product-stack-dependencies.js";

const TEST_LOCKS = ["--lock-duration-ms", "2000", "--stalled-interval-ms", "1000"];
const scratch = mkdtempSync(join(tmpdir(), "envrigger-distributed-training-"));

async function cli(...argv: string[]) {
  return runCapturedCli(scratch, argv);
}

const lines = (path: string) =>
  readFileSync(path, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);

if (!redisServerAvailable())
  console.warn(
    "distributed-training tests skipped: no redis-server at /usr/bin/redis-server (apt-get install redis-server)",
  );

describe.skipIf(!redisServerAvailable())("training rollouts on envrigger worker processes", () => {
  let redis: RedisTestServer;
  const workers: CliWorkerProcess[] = [];
  beforeAll(async () => {
    redis = await startRedisTestServer();
    for (let index = 0; index < 2; index++)
      workers.push(await spawnCliWorker(["--queue", redis.url, ...TEST_LOCKS, "--job-concurrency", "2", "--verbose"]));
  }, 120_000);
  afterAll(async () => {
    for (const worker of workers.splice(0)) {
      if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill("SIGTERM");
      await worker.exited;
    }
    await redis?.stop();
  });

  it("`train --queue` gives the local run's weights, updates and held-out curve for the same seed", async () => {
    const common = [
      "train",
      "--env",
      "bugfix",
      "--updates",
      "3",
      "--group",
      "4",
      "--tasks-per-update",
      "4",
      "--eval-every",
      "3",
      "--eval-episodes",
      "2",
      "--seed",
      "5",
      "--json",
    ];
    const local = await cli(...common, "--out", join(scratch, "local"));
    expect(local.code, local.stderr).toBe(0);
    const queued = await cli(
      ...common,
      "--out",
      join(scratch, "queued"),
      "--queue",
      redis.url,
      "--rollout-concurrency",
      "3",
    );
    expect(queued.code, queued.stderr).toBe(0);
    const weights = (run: string) =>
      JSON.parse(readFileSync(join(scratch, run, "weights.json"), "utf8")).weights as {
        indices: number[];
        values: number[];
      };
    expect(weights("local").values.length).toBeGreaterThan(0);
    expect(weights("queued")).toEqual(weights("local"));
    expect(lines(join(scratch, "queued", "updates.jsonl"))).toEqual(lines(join(scratch, "local", "updates.jsonl")));
    expect(JSON.parse(queued.stdout).curve).toEqual(JSON.parse(local.stdout).curve);
    // The episodes ran on the workers (both served some), none was refused or failed.
    for (const worker of workers) {
      expect(worker.log()).toMatch(/^job ep-[0-9a-f]+ finished/m);
      expect(worker.log()).not.toMatch(/^job \S+ (refused|failed)/m);
    }
  }, 600_000);

  it("trains on harness stacks through the queue to the same weights, with no credit for calls a layer rewrote", async () => {
    const train = async (queued: boolean) => {
      const executor = queued ? await queueRolloutExecutor({ url: redis.url }) : undefined;
      try {
        return await trainOnRewritingStacks(executor);
      } finally {
        await executor?.close();
      }
    };
    const local = await train(false);
    const queued = await train(true);
    expect(queued.updates.every((stats) => stats.stackedTasks === 2)).toBe(true);
    expect(queued.updates.reduce((sum, stats) => sum + stats.rewrittenDecisions, 0)).toBeGreaterThan(0);
    expect(queued.updates).toEqual(local.updates);
    expect(queued.weights).toEqual(local.weights);
  }, 600_000);

  it("an experiment with --queue (both arms, co-evolution rigs included) gives the local experiment's results", async () => {
    const experiment = (name: string, queue?: string) =>
      runExperiment(tinyPublicRewardExperiment(name, { tasksPerUpdate: 20, evaluationEvery: 2 }), {
        runDirectory: join(scratch, name),
        env: bugfixEnv,
        cwd: scratch,
        rigDependencies: productRigDependencies(queue ? { queue } : {}),
        stack: productStackDependencies(),
        ...(queue ? { queue } : {}),
      });
    const local = await experiment("experiment-local");
    const queued = await experiment("experiment-queued", redis.url);
    const comparable = (result: typeof local) =>
      result.runs.map(({ arm, seed, trainingEpisodes, curve, acceptedPerRound }) => ({
        arm,
        seed,
        trainingEpisodes,
        curve,
        acceptedPerRound,
      }));
    expect(comparable(queued)).toEqual(comparable(local));
    // The harness arm did train on co-evolved stacks through the queue.
    expect(
      lines(join(scratch, "experiment-queued", "harness", "seed-0", "updates.jsonl")).some(
        (stats) => (stats.stackedTasks as number) > 0,
      ),
    ).toBe(true);
    for (const arm of ["original", "harness"]) {
      const weights = (name: string) =>
        JSON.parse(readFileSync(join(scratch, name, arm, "seed-0", "weights.json"), "utf8")).weights;
      expect(weights("experiment-queued")).toEqual(weights("experiment-local"));
    }
  }, 600_000);
});

describe("--queue on train and experiment", () => {
  it("fails fast with exit 1 and writes no run when Redis is unreachable", async () => {
    for (const command of [
      ["train", "--env", "bugfix"],
      ["experiment", "--env", "bugfix"],
    ]) {
      const out = join(scratch, `unreachable-${command[0]}`);
      const result = await cli(...command, "--queue", "redis://127.0.0.1:1", "--out", out);
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr).toMatch(/queue/i);
      expect(existsSync(out)).toBe(false);
    }
  }, 60_000);

  it("refuses a bad --rollout-concurrency (exit 2)", async () => {
    const result = await cli("train", "--env", "bugfix", "--rollout-concurrency", "0", "--out", join(scratch, "bad"));
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--rollout-concurrency/);
  });
});
