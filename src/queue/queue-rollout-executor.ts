import type { Queue, QueueEvents } from "bullmq";
import type { Redis } from "ioredis";
import { z } from "zod";
import { EnvriggerError, errorMessage, isEnvriggerError } from "../core/errors.js";
import { trajectorySchema, type Trajectory } from "../core/trajectory.js";
import { parseJsonText, parseWith } from "../core/validate.js";
import { artifactHashOf, portablePolicySpec } from "../rollout/policy-artifacts.js";
import { rolloutBatchSchema } from "../rollout/rollout-batch.js";
import type { RolloutExecutor } from "../rollout/rollout-executor.js";
import { artifactKey, DEFAULT_RESULT_TTL_SECONDS, resultKey, ROLLOUT_QUEUE_NAME } from "./queue-keys.js";
import { checkRedisReachable, ioredisOptions, parseRedisUrl, scrub } from "./redis-connection.js";
import { episodesOf, rolloutJobsOf, type RolloutJob } from "./rollout-job.js";
import { openResult, QUEUE_KEY_VARIABLE, queueKeyOf, unsignedResultsWarning } from "./result-signature.js";
import { withinDeadline } from "./within-deadline.js";

/** Options of {@link queueRolloutExecutor}. */
export interface QueueRolloutExecutorOptions {
  /** `redis://[user:password@]HOST:PORT[/db]` or `rediss://…`; the password may come from `ENVRIGGER_REDIS_PASSWORD`. */
  url: string;
  /** Working directory for `learned:` files made portable (default the process's). */
  cwd?: string;
  environment?: NodeJS.ProcessEnv;
  /** How long results, finished jobs and artifacts stay in Redis, seconds (default one day). */
  resultTtlSeconds?: number;
  /** How often every pending job's state is checked (stalled-limit failures, lost jobs), ms. Default 2000. */
  sweepIntervalMs?: number;
  /** Tries per job on a worker for failures other than refusals (default 2). */
  attempts?: number;
  /** Told when a batch has waited this long (`waitNoticeMs`, default 30 s) without a finished job. */
  onWaiting?: (message: string) => void;
  waitNoticeMs?: number;
  /**
   * Consecutive episodes of a task per job (default `defaultEpisodesPerJob`: 1 for LLM
   * policies and OpenEnv envs, more for scripted policies, whose episodes are shorter than a
   * job's Redis round trips). Never changes the trajectories.
   */
  episodesPerJob?: number;
  /**
   * Told once when no queue key is set (results are then not authenticated), and of every
   * result refused for a missing or wrong signature (the job is run again). Default: nothing.
   */
  onWarning?: (message: string) => void;
}

/** Whether this process has said that its results are not authenticated (said once, not per executor). */
let warnedUnsigned = false;

/** Refused results of one job after which its batch fails rather than rerun it again. */
export const MAX_REFUSED_RESULTS = 3;

/** What a worker writes under a job's result key: the job's trajectories, in index order. */
const jobResultSchema = z.array(trajectorySchema);

/** Failed reason BullMQ gives a job whose lock expired more often than `maxStalledCount`. */
const STALLED_LIMIT = /stalled more than allowable limit/;

/**
 * How long one Redis round trip may take before the coordinator gives up with
 * `QUEUE_UNREACHABLE`. A batch waiting on its workers talks to Redis at least every sweep
 * (`sweepIntervalMs`, 2 s by default), so a Redis that stops answering is reported within
 * sweep + this deadline, about 17 s.
 */
export const REDIS_ANSWER_DEADLINE_MS = 15_000;

/** How long a graceful close may wait on Redis before the connections are cut. */
const CLOSE_DEADLINE_MS = 3_000;

/**
 * Close BullMQ's queue and event stream gracefully if Redis answers within
 * {@link CLOSE_DEADLINE_MS}, else cut their connections: a close never hangs on a frozen Redis.
 */
async function closeWithin(
  closing: Promise<void>[],
  connections: { disconnect(): Promise<void> }[],
  client: Redis,
): Promise<void> {
  try {
    await withinDeadline(Promise.allSettled(closing), CLOSE_DEADLINE_MS);
  } catch {
    await Promise.allSettled(connections.map((connection) => connection.disconnect()));
  }
  client.disconnect();
}

/** Keys per MGET / jobs per state check round. */
const CHUNK = 500;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/**
 * The coordinator side of distributed rollouts: each batch becomes BullMQ jobs of one or
 * more consecutive episodes of a task (see `episodesPerJob`), with the job id the hash of its content (so a job delivered twice, or asked for
 * by two coordinators, runs for one result). Workers (`envrigger worker`) write each
 * job's trajectories once under `envrigger:result:<job id>` (the first writer wins); the coordinator
 * reads them, in batch order, then removes the jobs and results it read. A job BullMQ failed
 * for exceeding its stalled limit (its worker died too often) is re-queued here, not lost; a
 * job a worker refused or could not run fails the batch with the worker's reason. Redis is
 * checked when the executor is made — unreachable → `QUEUE_UNREACHABLE` within seconds —
 * and a Redis that stops answering during a batch fails it the same way.
 */
export async function queueRolloutExecutor(options: QueueRolloutExecutorOptions): Promise<RolloutExecutor> {
  const connection = parseRedisUrl(options.url, options.environment);
  const key = queueKeyOf(options.environment);
  await checkRedisReachable(connection);
  const warn = options.onWarning ?? (() => {});
  if (!key && !warnedUnsigned) {
    warnedUnsigned = true;
    warn(unsignedResultsWarning);
  }
  const { Queue, QueueEvents } = await import("bullmq");
  const { Redis } = await import("ioredis");
  const ttl = options.resultTtlSeconds ?? DEFAULT_RESULT_TTL_SECONDS;
  const attempts = options.attempts ?? 2;
  const sweepIntervalMs = options.sweepIntervalMs ?? 2_000;
  const waitNoticeMs = options.waitNoticeMs ?? 30_000;
  let connectionError: string | null = null;
  const noteError = (error: unknown) => {
    connectionError = scrub(errorMessage(error), connection);
  };
  const client: Redis = new Redis(ioredisOptions(connection, false));
  client.on("error", noteError);
  const queue: Queue = new Queue(ROLLOUT_QUEUE_NAME, { connection: ioredisOptions(connection, false) });
  queue.on("error", noteError);
  const events: QueueEvents = new QueueEvents(ROLLOUT_QUEUE_NAME, { connection: ioredisOptions(connection, true) });
  events.on("error", noteError);
  // Wake-ups by job id: the batch waiting on that job reads it at once rather than at the next sweep.
  const listeners = new Map<string, () => void>();
  const wake = ({ jobId }: { jobId: string }) => listeners.get(jobId)?.();
  events.on("completed", wake);
  events.on("failed", wake);
  let closed = false;

  /** Run a Redis round trip, turning a lost connection or a silent Redis into a clear error. */
  const talk = async <T>(what: string, body: () => Promise<T>): Promise<T> => {
    try {
      return await withinDeadline(body(), REDIS_ANSWER_DEADLINE_MS);
    } catch (error) {
      if (isEnvriggerError(error)) throw error;
      throw new EnvriggerError(
        "QUEUE_UNREACHABLE",
        `the rollout queue at ${connection.display} failed while ${what}: ${scrub(errorMessage(error), connection)}${connectionError ? ` (${connectionError})` : ""}`,
        {
          hint: "check that redis-server still runs; a rig or curriculum run resumes from its checkpoints with --resume",
        },
      );
    }
  };

  try {
    await talk("subscribing to job events", () => events.waitUntilReady());
  } catch (error) {
    await closeWithin([events.close(), queue.close()], [events, queue], client);
    throw error;
  }

  return {
    description: `queue ${connection.display}`,
    async run(input, runOptions = {}) {
      if (closed) throw new EnvriggerError("INTERNAL", "the queue executor was closed");
      const batch = parseWith(rolloutBatchSchema, input, "rollout batch", "BAD_ARGUMENT");
      const portable = portablePolicySpec(batch.policy, options.cwd);
      const artifacts = { ...batch.policyArtifacts, ...portable.artifacts };
      const needed = artifactHashOf(portable.spec);
      await talk("storing policy artifacts", async () => {
        for (const [hash, value] of Object.entries(artifacts))
          await client.set(artifactKey(hash), JSON.stringify(value), "EX", ttl);
        if (needed && !(needed in artifacts) && (await client.exists(artifactKey(needed))) === 0) {
          throw new EnvriggerError(
            "BAD_ARGUMENT",
            `policy ${portable.spec}: its artifact is neither in the batch's policyArtifacts nor in Redis`,
          );
        }
      });
      const jobs = rolloutJobsOf({ ...batch, policy: portable.spec }, options.episodesPerJob);
      const total = batch.tasks.length * batch.episodes;
      const results: Trajectory[] = new Array(total);
      // By job id: the job, and where its first trajectory goes (more than once when a batch names a task twice).
      const positions = new Map<string, { job: RolloutJob; at: number[] }>();
      for (const { id, job, at } of jobs) {
        const entry = positions.get(id);
        if (entry) entry.at.push(at);
        else positions.set(id, { job, at: [at] });
      }
      const pending = new Set(positions.keys());
      let done = 0;
      let lastProgress = Date.now();
      const refusals = new Map<string, number>();

      /** A result that is not signed with the key: log it, remove it, and run its job again (a few times at most). */
      const refuse = async (id: string, reason: "unsigned" | "bad-signature") => {
        const times = (refusals.get(id) ?? 0) + 1;
        refusals.set(id, times);
        const { job } = positions.get(id)!;
        const what = `the result of rollout job ${id.slice(0, 15)}… (task ${job.taskId}) is ${reason === "unsigned" ? "not signed" : "signed with another key"}`;
        if (times > MAX_REFUSED_RESULTS) {
          throw new EnvriggerError("QUEUE_JOB_FAILED", `${what}, ${times} times: not counted`, {
            hint: `give every worker the coordinator's ${QUEUE_KEY_VARIABLE}; results planted by someone who can write to Redis are refused the same way`,
          });
        }
        warn(`${what}: refused, running the job again`);
        await talk("removing a refused result", async () => {
          await client.del(resultKey(id));
          await queue.remove(id).catch(() => 0);
        });
        await enqueue([id]);
      };

      /** Read the results of `ids` that exist; returns how many arrived. */
      const collect = async (ids: string[]): Promise<void> => {
        for (const part of chunks(ids.filter((id) => pending.has(id)))) {
          if (part.length === 0) continue;
          const texts = await talk("reading results", () => client.mget(part.map(resultKey)));
          const refused: [string, "unsigned" | "bad-signature"][] = [];
          part.forEach((id, index) => {
            const text = texts[index];
            if (text === null || text === undefined || !pending.has(id)) return;
            const opened = openResult(key, id, text);
            if (!opened.ok) {
              refused.push([id, opened.reason]);
              return;
            }
            const { job, at: starts } = positions.get(id)!;
            const trajectories = parseJsonText(
              jobResultSchema,
              opened.payload,
              `the trajectories of rollout job ${id}`,
              "INVALID_SHAPE",
            );
            if (trajectories.length !== episodesOf(job)) {
              throw new EnvriggerError(
                "INVALID_SHAPE",
                `rollout job ${id}: ${trajectories.length} trajectories for ${episodesOf(job)} episodes`,
              );
            }
            pending.delete(id);
            lastProgress = Date.now();
            for (const at of starts) {
              for (const [offset, trajectory] of trajectories.entries()) {
                results[at + offset] = trajectory;
                done += 1;
                runOptions.onEpisode?.(trajectory, done, total);
              }
            }
          });
          for (const [id, reason] of refused) await refuse(id, reason);
        }
      };

      const enqueue = async (ids: string[]) => {
        for (const part of chunks(ids)) {
          await talk("adding jobs", () =>
            queue.addBulk(
              part.map((id) => ({
                name: "episode",
                data: positions.get(id)!.job,
                opts: {
                  jobId: id,
                  attempts,
                  backoff: { type: "exponential", delay: 1_000 },
                  removeOnComplete: { age: ttl },
                  removeOnFail: { age: ttl },
                },
              })),
            ),
          );
        }
      };

      /** Check the state of every pending job: re-queue stalled-limit failures and lost jobs; fail on refusals. */
      const sweep = async () => {
        await collect([...pending]);
        const lost: string[] = [];
        for (const part of chunks([...pending])) {
          const states = await talk("checking job states", () => Promise.all(part.map((id) => queue.getJobState(id))));
          for (const [index, id] of part.entries()) {
            const state = states[index];
            if (state === "failed") {
              const job = await talk("reading a failed job", () => queue.getJob(id));
              const reason = job?.failedReason ?? "unknown reason";
              if (job && STALLED_LIMIT.test(reason)) {
                // Its worker died (or stalled) more often than BullMQ allows: run it again.
                await talk("re-queueing a stalled job", () => job.retry("failed"));
                continue;
              }
              const { job: data } = positions.get(id)!;
              const indices =
                data.count === undefined
                  ? `index ${data.index}`
                  : `indices ${data.index}–${data.index + data.count - 1}`;
              throw new EnvriggerError(
                "QUEUE_JOB_FAILED",
                `rollout job ${id.slice(0, 15)}… (task ${data.taskId}, ${indices}, policy ${data.policy}) failed on a worker: ${reason}`,
                {
                  hint: "see the worker's log; a refused job names what the worker does not allow (--plugins-dir, --allow-url)",
                },
              );
            }
            // Completed without a readable result (it expired or another reader removed it), or gone: run it again.
            if (state === "completed" || state === "unknown") lost.push(id);
          }
        }
        await collect(lost);
        const gone = lost.filter((id) => pending.has(id));
        if (gone.length > 0) {
          await talk("removing lost jobs", () => Promise.all(gone.map((id) => queue.remove(id).catch(() => 0))));
          await enqueue(gone);
        }
      };

      await collect([...pending]);
      await enqueue([...pending]);
      let wakeUp: (() => void) | null = null;
      const woken = new Set<string>();
      for (const id of pending) {
        listeners.set(id, () => {
          woken.add(id);
          wakeUp?.();
        });
      }
      try {
        let lastSweep = Date.now();
        let noticed = false;
        while (pending.size > 0) {
          if (woken.size === 0) {
            await new Promise<void>((resolve) => {
              wakeUp = resolve;
              setTimeout(resolve, Math.max(10, sweepIntervalMs - (Date.now() - lastSweep)));
            });
            wakeUp = null;
          }
          const ids = [...woken];
          woken.clear();
          await collect(ids);
          // A failed event: look at that job now rather than at the next sweep.
          if (ids.some((id) => pending.has(id)) || Date.now() - lastSweep >= sweepIntervalMs) {
            await sweep();
            lastSweep = Date.now();
          }
          if (!noticed && Date.now() - lastProgress > waitNoticeMs && pending.size > 0) {
            noticed = true;
            options.onWaiting?.(
              `${pending.size} of ${positions.size} rollout jobs still waiting on ${connection.display}; is an \`envrigger worker --queue …\` running?`,
            );
          }
        }
      } finally {
        for (const id of positions.keys()) listeners.delete(id);
      }
      // Everything was read: remove the finished jobs and their results (a job still locked by a
      // slow duplicate is left to BullMQ's age-based removal).
      const ids = [...positions.keys()];
      await talk("cleaning up", async () => {
        for (const part of chunks(ids)) {
          await client.del(...part.map(resultKey));
          await Promise.all(part.map((id) => queue.remove(id).catch(() => 0)));
        }
      });
      return results;
    },
    async close() {
      if (closed) return;
      closed = true;
      await closeWithin([events.close(), queue.close()], [events, queue], client);
    },
  };
}
