import { describe, expect, it } from "vitest";
import { rolloutBatchSchema } from "../rollout/rollout-batch.js";
import { MAX_TIMER_MS } from "../core/max-timer-ms.js";
import {
  defaultEpisodesPerJob,
  episodesOf,
  MAX_EPISODES_PER_JOB,
  rolloutJobId,
  rolloutJobSchema,
  rolloutJobsOf,
} from "./rollout-job.js";

const batch = (policy: string, tasks: number, episodes: number, env = "toy24") =>
  rolloutBatchSchema.parse({
    stack: { version: 1, base: { env, taskId: "24-1" }, layers: [] },
    policy,
    tasks: Array.from({ length: tasks }, (_, index) => ({
      taskId: `24-${index + 1}`,
      ...(index === 1 ? { group: "g" } : {}),
    })),
    episodes,
    seed: 3,
    indexOffset: 100,
  });

describe("rollout jobs of a batch", () => {
  it("refuse a call deadline no timer can hold (a larger one would fire at once and time every call out)", () => {
    const job = { version: 1, stack: batch("greedy", 1, 1).stack, policy: "greedy", taskId: "24-1", seed: 0, index: 0 };
    expect(rolloutJobSchema.safeParse({ ...job, callTimeoutMs: MAX_TIMER_MS }).success).toBe(true);
    expect(rolloutJobSchema.safeParse({ ...job, callTimeoutMs: 9_999_999_999 }).success).toBe(false);
    expect(rolloutJobSchema.safeParse({ ...job, timeoutMs: MAX_TIMER_MS + 1 }).success).toBe(false);
  });

  it("carry one episode each for policies and envs that wait on I/O, and share jobs for scripted policies", () => {
    expect(defaultEpisodesPerJob(batch("openai:gpt-4o-mini", 20, 10))).toBe(1);
    expect(defaultEpisodesPerJob(batch("greedy", 20, 10, "openenv:http://127.0.0.1:8000"))).toBe(1);
    expect(defaultEpisodesPerJob(batch("greedy", 20, 10))).toBe(12);
    expect(defaultEpisodesPerJob(batch("greedy", 1, 5))).toBe(1);
    expect(defaultEpisodesPerJob(batch("greedy", 100, 100))).toBe(MAX_EPISODES_PER_JOB);
  });

  it("cut each task's indices into consecutive runs, with the position of each run's first trajectory", () => {
    const jobs = rolloutJobsOf(batch("greedy", 3, 5), 2);
    expect(jobs.map(({ job, at }) => [job.taskId, job.index, episodesOf(job), at])).toEqual([
      ["24-1", 100, 2, 0],
      ["24-1", 102, 2, 2],
      ["24-1", 104, 1, 4],
      ["24-2", 100, 2, 5],
      ["24-2", 102, 2, 7],
      ["24-2", 104, 1, 9],
      ["24-3", 100, 2, 10],
      ["24-3", 102, 2, 12],
      ["24-3", 104, 1, 14],
    ]);
    expect(jobs[3]!.job.group).toBe("g");
    // A job of one episode is written as before (no count), so its id is the same as one-episode-per-job.
    expect(jobs[2]!.job.count).toBeUndefined();
    expect(jobs[2]!.id).toBe(rolloutJobsOf(batch("greedy", 3, 5), 1)[4]!.id);
    // The id depends on how many episodes a job carries.
    expect(new Set(jobs.map((entry) => entry.id)).size).toBe(jobs.length);
    expect(rolloutJobId({ ...jobs[0]!.job, count: 3 })).not.toBe(jobs[0]!.id);
  });
});
