import { setImmediate as eventLoopTurn } from "node:timers/promises";
import type { Job, Worker } from "bullmq";
import type { Redis } from "ioredis";
import { resolveEnv } from "../bridges/env-registry.js";
import type { ActionableEnv } from "../core/actionable-env.js";
import type { EnvDefinition } from "../core/env-definition.js";
import { errorMessage } from "../core/errors.js";
import { jsonSchema, stableStringify, type Json } from "../core/json.js";
import type { PolicyFactory } from "../core/policy.js";
import type { Trajectory } from "../core/trajectory.js";
import { formatIssues, parseJsonText } from "../core/validate.js";
import { artifactCacheDirectory } from "../rollout/artifact-cache-directory.js";
import type { BuildStackDependencies } from "../harness/build-stack.js";
import { buildStack } from "../harness/build-stack.js";
import { resolvePolicy } from "../policies/policy-registry.js";
import { materializePolicySpec } from "../rollout/policy-artifacts.js";
import { runEpisode } from "../rollout/run-episode.js";
import { rolloutSeed } from "../rollout/run-rollouts.js";
import { EnvPool } from "../rollout/env-pool.js";
import { checkJobAllowed, type JobAllowance } from "./job-allowance.js";
import { refusingWorkerClass, unreadableJobReason } from "./refusing-worker.js";
import { openResult, queueKeyOf, signedResult, unsignedResultsWarning } from "./result-signature.js";
import { artifactKey, DEFAULT_RESULT_TTL_SECONDS, resultKey, ROLLOUT_QUEUE_NAME } from "./queue-keys.js";
import { checkRedisReachable, ioredisOptions, parseRedisUrl, scrub } from "./redis-connection.js";
import { episodesOf, MAX_JOB_CHARACTERS, rolloutJobId, rolloutJobSchema, type RolloutJob } from "./rollout-job.js";

/** Options of {@link startRolloutWorker}. */
export interface RolloutWorkerOptions {
  /** `redis://[user:password@]HOST:PORT[/db]` or `rediss://…`; the password may come from `ENVRIGGER_REDIS_PASSWORD`. */
  url: string;
  /** Jobs in flight in this process (default 8; episodes that wait on I/O overlap; a job runs its episodes one after another). */
  concurrency?: number;
  /** `file:` plugins are allowed only from inside this directory (none without it). */
  pluginsDirectory?: string;
  /** `openenv:` URLs are allowed only under these prefixes (none by default). */
  allowUrls?: string[];
  /** Where relative `file:` paths resolve (default the process's working directory). */
  cwd?: string;
  /**
   * How the jobs' stacks are built, given the worker's `cwd`: the product's is
   * `productStackDependencies` from `src/app/` (registry envs, sandboxed Rules).
   */
  stackDependencies: (cwd: string) => BuildStackDependencies;
  /** BullMQ lock of a running job, ms (default 30 000): a dead worker's job returns after about this long. */
  lockDurationMs?: number;
  /** How often this worker looks for stalled jobs, ms (default 30 000). */
  stalledIntervalMs?: number;
  /** Times a job may stall before BullMQ fails it (default 1; the coordinator re-queues it then). */
  maxStalledCount?: number;
  /** How long a written result stays in Redis, seconds (default one day). */
  resultTtlSeconds?: number;
  environment?: NodeJS.ProcessEnv;
  /** Log lines (refusals, failures; every job when `verbose`). */
  log?: (line: string) => void;
  verbose?: boolean;
}

/** Counts of what a worker did. */
export interface RolloutWorkerCounts {
  completed: number;
  refused: number;
  failed: number;
}

/** A running worker. */
export interface RunningRolloutWorker {
  /** Where it listens, without credentials. */
  readonly display: string;
  counts(): RolloutWorkerCounts;
  /** Stop taking jobs, finish the ones in flight, release everything. Idempotent. */
  close(): Promise<void>;
}

/** A job's episode indices for logs: `3`, or `3-7`. */
function indicesOf(job: RolloutJob): string {
  return job.count === undefined ? String(job.index) : `${job.index}-${job.index + job.count - 1}`;
}

/** A refusal: BullMQ does not retry it, and the worker goes on. */
async function refusal(message: string): Promise<Error> {
  const { UnrecoverableError } = await import("bullmq");
  return new UnrecoverableError(`refused: ${message}`);
}

/**
 * Serve rollout jobs from the queue at `url` until closed. Each job is validated before
 * anything runs — its data with zod, its id against the hash of its content (so nobody can
 * plant a result under another job's id), what it names against the allowance — and a job
 * that fails any check is refused with the reason (no retry) while the worker goes on. An
 * accepted job runs its episodes exactly as `runRollouts` would (same seeds, same limits,
 * one after another) on a pooled stack, and its trajectories are written once, together,
 * under the job's result key (the first writer wins, so a job redone after a stall counts
 * once), signed with the queue key when one is set (see `queueKeyOf`). Redis is checked first:
 * unreachable → `QUEUE_UNREACHABLE` within seconds.
 */
export async function startRolloutWorker(options: RolloutWorkerOptions): Promise<RunningRolloutWorker> {
  const connection = parseRedisUrl(options.url, options.environment);
  await checkRedisReachable(connection);
  const Worker = await refusingWorkerClass();
  const { Redis } = await import("ioredis");
  const log = options.log ?? (() => {});
  const queueKey = queueKeyOf(options.environment);
  if (!queueKey) log(`warning: ${unsignedResultsWarning}`);
  const cwd = options.cwd ?? process.cwd();
  const allowance: JobAllowance = {
    pluginsDirectory: options.pluginsDirectory,
    allowUrls: options.allowUrls ?? [],
    cwd,
  };
  const ttl = options.resultTtlSeconds ?? DEFAULT_RESULT_TTL_SECONDS;
  const concurrency = options.concurrency ?? 8;
  const stack = options.stackDependencies(cwd);
  const pool = new EnvPool(16, concurrency);
  const envs = new Map<string, EnvDefinition>();
  const policies = new Map<string, Promise<PolicyFactory>>();
  const counts: RolloutWorkerCounts = { completed: 0, refused: 0, failed: 0 };
  const client: Redis = new Redis(ioredisOptions(connection, false));
  client.on("error", (error) => log(`redis: ${scrub(errorMessage(error), connection)}`));

  const policyFor = (job: RolloutJob): Promise<PolicyFactory> => {
    const key = `${job.policy}\u0000${job.stack.base.env}`;
    let found = policies.get(key);
    if (!found) {
      found = (async () => {
        const env = await resolveEnv(job.stack.base.env, cwd);
        envs.set(env.id, env);
        const lookup = async (hash: string): Promise<Json | undefined> => {
          const text = await client.get(artifactKey(hash));
          return text === null ? undefined : parseJsonText(jsonSchema, text, `policy artifact ${hash}`, "JOB_REFUSED");
        };
        const local = await materializePolicySpec(job.policy, lookup, artifactCacheDirectory());
        return (await resolvePolicy(local, env.id, cwd)).factory;
      })();
      found.catch(() => policies.delete(key));
      policies.set(key, found);
    }
    return found;
  };

  const serve = async (job: Job): Promise<{ stored: boolean }> => {
    const id = job.id ?? "";
    const unreadable = unreadableJobReason(job.data);
    if (unreadable !== undefined) throw await refusal(`job data that cannot be read: ${unreadable}`);
    const size = JSON.stringify(job.data ?? null).length;
    if (size > MAX_JOB_CHARACTERS)
      throw await refusal(`job data of ${size} characters is over the limit of ${MAX_JOB_CHARACTERS}`);
    const parsed = rolloutJobSchema.safeParse(job.data);
    if (!parsed.success) throw await refusal(`malformed job data: ${formatIssues(parsed.error)}`);
    const data = parsed.data;
    if (rolloutJobId(data) !== id) throw await refusal(`the job id ${id.slice(0, 40)} is not the hash of its content`);
    try {
      checkJobAllowed(data, allowance);
    } catch (error) {
      throw await refusal(errorMessage(error));
    }
    if (options.verbose) log(`job ${id} started: ${data.taskId}#${indicesOf(data)} policy ${data.policy}`);
    // A redo of a job whose first run already wrote its result: nothing to do — unless that
    // result does not carry this key's signature (planted), which is removed and the job run.
    const existing = await client.get(resultKey(id));
    if (existing !== null) {
      if (openResult(queueKey, id, existing).ok) return { stored: false };
      log(`job ${id}: removing a result not signed with this worker's queue key`);
      await client.del(resultKey(id));
    }
    let factory: PolicyFactory;
    try {
      factory = await policyFor(data);
    } catch (error) {
      throw await refusal(errorMessage(error));
    }
    const key = stableStringify(data.stack as unknown as Json);
    const build = async () => {
      try {
        return await pool.acquire(key, () => buildStack(data.stack, stack));
      } catch (error) {
        throw await refusal(`the stack does not build: ${errorMessage(error)}`);
      }
    };
    let env: ActionableEnv | null = null;
    const trajectories: Trajectory[] = [];
    // The job's episodes one after another on one env, exactly as a lane of runRollouts runs them.
    for (let offset = 0; offset < episodesOf(data); offset++) {
      if (offset > 0) await eventLoopTurn(); // BullMQ renews the job's lock on a timer
      env ??= await build();
      const trajectory = await runEpisode(env, factory(), {
        taskId: data.taskId,
        group: data.group,
        seed: rolloutSeed(data.seed, data.taskId, data.index + offset),
        maxTurns: data.maxTurns,
        timeoutMs: data.timeoutMs,
        callTimeoutMs: data.callTimeoutMs,
      });
      trajectories.push(trajectory);
      // An errored episode may leave the env unusable (as in runRollouts): do not reuse it.
      if (trajectory.stopReason === "error" || trajectory.error !== undefined) {
        await env.close();
        env = null;
      }
    }
    if (env) await pool.release(key, env);
    const result = signedResult(queueKey, id, JSON.stringify(trajectories));
    const stored = (await client.set(resultKey(id), result, "EX", ttl, "NX")) === "OK";
    if (options.verbose)
      log(
        `job ${id} finished: ${data.taskId}#${indicesOf(data)} ${trajectories.map((trajectory) => trajectory.stopReason).join(",")}${stored ? "" : " (a result was already written)"}`,
      );
    return { stored };
  };

  const worker: Worker = new Worker(ROLLOUT_QUEUE_NAME, serve, {
    connection: ioredisOptions(connection, true),
    concurrency,
    lockDuration: options.lockDurationMs ?? 30_000,
    stalledInterval: options.stalledIntervalMs ?? 30_000,
    maxStalledCount: options.maxStalledCount ?? 1,
    autorun: true,
  });
  worker.on("completed", () => {
    counts.completed += 1;
  });
  worker.on("failed", (job, error) => {
    const refused = error.name === "UnrecoverableError";
    if (refused) counts.refused += 1;
    else counts.failed += 1;
    log(`job ${job?.id ?? "?"} ${refused ? "" : "failed: "}${scrub(errorMessage(error), connection)}`);
  });
  worker.on("error", (error) => log(`worker: ${scrub(errorMessage(error), connection)}`));
  await worker.waitUntilReady();
  let closing: Promise<void> | null = null;
  return {
    display: connection.display,
    counts: () => ({ ...counts }),
    close() {
      closing ??= (async () => {
        await worker.close();
        await pool.close();
        for (const env of envs.values()) await env.dispose?.();
        client.disconnect();
      })();
      return closing;
    },
  };
}
