import type { Job, JobJson, Worker } from "bullmq";
import { parseBoundedJson } from "../core/bounded-json.js";
import { MAX_JOB_CHARACTERS } from "./rollout-job.js";

/** The key of the data a worker puts in place of job data it cannot read (see {@link refusingWorkerClass}). */
const UNREADABLE = "envriggerUnreadableJob";

/**
 * BullMQ's Worker, except that a job whose stored data is not JSON, or is JSON too large
 * or too deep (see `parseBoundedJson`), reaches the processor as data naming the problem
 * instead of throwing inside BullMQ. BullMQ would throw before the processor runs, leave
 * the job active until its lock expires, and take it again after every stall check,
 * forever; the processor refuses it (see {@link unreadableJobReason}), so it fails once.
 */
export async function refusingWorkerClass(): Promise<typeof Worker> {
  const bullmq = await import("bullmq");
  return class RefusingWorker extends bullmq.Worker {
    protected override createJob(json: JobJson, jobId: string): Job {
      const parsed = parseBoundedJson(json.data || "{}", { maxCharacters: MAX_JOB_CHARACTERS });
      if (parsed.ok) return super.createJob(json, jobId);
      return super.createJob({ ...json, data: JSON.stringify({ [UNREADABLE]: parsed.message }) }, jobId);
    }
  };
}

/** Why a job's data could not be read (a job made by {@link refusingWorkerClass}), or undefined. */
export function unreadableJobReason(data: unknown): string | undefined {
  if (typeof data !== "object" || data === null || !(UNREADABLE in data)) return undefined;
  return String((data as Record<string, unknown>)[UNREADABLE]);
}
