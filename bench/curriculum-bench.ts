import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { parseJsonText } from "../src/core/validate.js";
import { checkpointBytes } from "./checkpoint-bytes.js";
import { ensureBuilt } from "./ensure-built.js";
import { median } from "./measure.js";

const usageSchema = z.object({ maxRssKb: z.number(), cpuMs: z.number(), mainThreadCpuMs: z.number().nullable() });
const childOutputSchema = z.object({
  wallMs: z.number(),
  cpuMs: z.number(),
  maxRssKb: z.number(),
  parentRssKb: z.number(),
  childrenRssKb: z.array(z.number()),
  usage: z.object({
    loadedMs: z.number(),
    parentStart: usageSchema,
    parent: usageSchema,
    children: z.array(usageSchema.extend({ start: usageSchema.nullable() })),
  }),
  localTasks: z.array(z.string()).nullable(),
  tasksDone: z.array(
    z.object({ taskId: z.string(), atMs: z.number(), cpuMs: z.number(), mainThreadCpuMs: z.number().nullable() }),
  ),
  runDirectory: z.string(),
  summary: z
    .object({ tasks: z.number(), accepted: z.number(), rejected: z.number(), skipped: z.number() })
    .passthrough(),
  tasks: z.array(
    z
      .object({
        taskId: z.string(),
        outcome: z.string(),
        accepted: z.unknown(),
        best: z.unknown(),
        baseline: z.unknown(),
        revisions: z.number(),
      })
      .passthrough(),
  ),
});
export type CurriculumRun = z.infer<typeof childOutputSchema>;

/** Extra options of {@link runCurriculumChild}: curriculum config fields to override, and the child's time limit. */
export interface CurriculumChildOptions {
  /** Merged into the child's curriculum config (e.g. `{ target, confirm, split }`). */
  config?: Record<string, unknown>;
  timeoutMs?: number;
}

/**
 * Run a curriculum of the compiled package in a fresh node process (so memory and start-up
 * are its own), on `lanes` lanes: 1 is this process alone, more adds task processes.
 */
export function runCurriculumChild(
  env: string,
  policy: string,
  lanes: number,
  seed = 0,
  tasks?: string[],
  options: CurriculumChildOptions = {},
): CurriculumRun {
  ensureBuilt();
  const script = fileURLToPath(new URL("./curriculum-child.mjs", import.meta.url));
  const child = spawnSync(
    process.execPath,
    ["--no-node-snapshot", script, env, policy, String(lanes), String(seed), ...(tasks ? [tasks.join(",")] : [])],
    {
      encoding: "utf8",
      timeout: options.timeoutMs ?? 900_000,
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, ...(options.config ? { ENVRIGGER_BENCH_CONFIG: JSON.stringify(options.config) } : {}) },
    },
  );
  if (child.status !== 0) throw new Error(`curriculum child failed (${child.status}): ${child.stderr.slice(-2000)}`);
  return parseJsonText(
    childOutputSchema,
    child.stdout.trim().split("\n").at(-1) ?? "",
    "curriculum child output",
    "INTERNAL",
  );
}

/** CPU seconds (every thread) of a run: the bench process plus each task process. */
export function totalCpuSeconds(run: CurriculumRun): number {
  return (run.usage.parent.cpuMs + run.usage.children.reduce((sum, child) => sum + child.cpuMs, 0)) / 1000;
}

const seconds = (milliseconds: number) => Number((milliseconds / 1000).toFixed(2));

/**
 * On 2 lanes: how long one lane sat idle at the end (from its last task's end to the run's
 * last task's end), and how many tasks each lane (this process, the task process) rigged.
 */
function laneBalance(run: CurriculumRun): { idleTailMs: number; tasksByLane: [number, number] } {
  const local = new Set(run.localTasks ?? []);
  const lastOf = (onLocalLane: boolean) =>
    Math.max(0, ...run.tasksDone.filter((task) => local.has(task.taskId) === onLocalLane).map((task) => task.atMs));
  const [here, there] = [lastOf(true), lastOf(false)];
  return { idleTailMs: Math.abs(here - there), tasksByLane: [local.size, run.tasksDone.length - local.size] };
}

/** What a run decided per task, without timings or paths: equal across lane counts. */
function decisions(run: CurriculumRun) {
  return run.tasks.map(({ taskId, outcome, accepted, best, baseline, revisions }) => ({
    taskId,
    outcome,
    accepted,
    best,
    baseline,
    revisions,
  }));
}

/**
 * The 20-task BugFix curriculum (heuristic designer, `hasty`) on 1 and 2 lanes, in
 * `rounds` interleaved pairs (1, 2, 1, 2, …; ENVRIGGER_BENCH_CURRICULUM_ROUNDS, default 2)
 * so machine load hits both alike: wall time from process start to result (module loading
 * and task-process start-up included) as the median per lane count, their ratio, the CPU
 * the 1-lane run used per second of wall time (cores busy: what a second lane can still
 * add on a two-core machine), peak resident memory of the 2-lane run (this process plus
 * each task process's peak: an upper bound), and whether both gave the same decisions.
 * CPU figures (from `process.resourceUsage()` and `/proc/self/task/<pid>/schedstat`) are
 * what load on a shared machine does not distort: the 1-lane run's CPU (all threads, and
 * its main thread alone), its CPU per task after loading, what loading the modules costs a
 * process, and the 2-lane run's CPU over the 1-lane run's (the price of the second lane).
 * What those CPU figures allow: on two cores the 2-lane wall time is at least half its CPU,
 * so the ratio is at most 2 × wall(1 lane) / CPU(2 lanes) (with the measured 1-lane wall
 * time, and with the 1-lane main thread's CPU standing in for a quiet machine's 1-lane
 * wall time). And the bytes of the 1-lane run's checkpoint files: on disk, LangGraph's
 * checkpoints and writes, and the trajectory batches they refer to.
 */
export function benchCurriculum(rounds = Number(process.env.ENVRIGGER_BENCH_CURRICULUM_ROUNDS ?? 2)) {
  const serial: CurriculumRun[] = [];
  const parallel: CurriculumRun[] = [];
  for (let round = 0; round < rounds; round++) {
    serial.push(runCurriculumChild("bugfix", "hasty", 1));
    parallel.push(runCurriculumChild("bugfix", "hasty", 2));
  }
  const serialMs = median(serial.map((run) => run.wallMs));
  const parallelMs = median(parallel.map((run) => run.wallMs));
  const last = parallel.at(-1)!;
  const bytes = checkpointBytes(serial.at(-1)!.runDirectory);
  const megabytes = (count: number) => Number((count / 1024 / 1024).toFixed(1));
  const serialMainThreadMs = median(serial.map((run) => run.usage.parent.mainThreadCpuMs ?? Number.NaN));
  const parallelCpuMs = median(parallel.map(totalCpuSeconds)) * 1000;
  const same = [...serial, ...parallel].every(
    (run) => JSON.stringify(decisions(run)) === JSON.stringify(decisions(serial[0]!)),
  );
  return {
    figures: {
      curriculum20TasksConcurrency1Seconds: Number((serialMs / 1000).toFixed(2)),
      curriculum20TasksConcurrency2Seconds: Number((parallelMs / 1000).toFixed(2)),
      curriculumScalingRatio: Number((serialMs / parallelMs).toFixed(2)),
      curriculumRounds: rounds,
      curriculumWallSecondsByRound: serial.map((run, index) => [
        Number((run.wallMs / 1000).toFixed(2)),
        Number((parallel[index]!.wallMs / 1000).toFixed(2)),
      ]),
      curriculumConcurrency1CoresBusy: Number(median(serial.map((run) => run.cpuMs / run.wallMs)).toFixed(2)),
      rigWallSecondsPerTask: Number((serialMs / 1000 / serial[0]!.summary.tasks).toFixed(2)),
      curriculumConcurrency1CpuSeconds: Number(median(serial.map(totalCpuSeconds)).toFixed(2)),
      curriculumConcurrency1MainThreadCpuSeconds: seconds(serialMainThreadMs),
      curriculumCpuSecondsPerTask: seconds(
        median(serial.map((run) => (run.usage.parent.cpuMs - run.usage.parentStart.cpuMs) / run.summary.tasks)),
      ),
      curriculumProcessStartCpuSeconds: seconds(median(serial.map((run) => run.usage.parentStart.cpuMs))),
      curriculumTaskProcessStartCpuSeconds: seconds(
        median(parallel.flatMap((run) => run.usage.children.map((child) => child.start?.cpuMs ?? Number.NaN))),
      ),
      curriculumConcurrency2CpuSeconds: Number(median(parallel.map(totalCpuSeconds)).toFixed(2)),
      curriculumConcurrency2CpuSecondsByProcess: [
        seconds(last.usage.parent.cpuMs),
        ...last.usage.children.map((child) => seconds(child.cpuMs)),
      ],
      curriculumCpuRatio2Over1: Number(
        (median(parallel.map(totalCpuSeconds)) / median(serial.map(totalCpuSeconds))).toFixed(2),
      ),
      curriculumRatioBoundFromCpu: Number(((2 * serialMs) / parallelCpuMs).toFixed(2)),
      curriculumQuietRatioBoundFromCpu: Number(((2 * serialMainThreadMs) / parallelCpuMs).toFixed(2)),
      curriculumCheckpointFileMb: megabytes(bytes.files),
      curriculumCheckpointStateMb: megabytes(bytes.state),
      curriculumCheckpointTrajectoryBatchMb: megabytes(bytes.trajectoryBatches),
      curriculumConcurrency2IdleTailSeconds: seconds(median(parallel.map((run) => laneBalance(run).idleTailMs))),
      curriculumConcurrency2TasksByLane: laneBalance(last).tasksByLane,
      curriculumConcurrency2PeakRssMb: Math.round(Math.max(...parallel.map((run) => run.maxRssKb)) / 1024),
      curriculumConcurrency2PeakRssMbByProcess: [
        Math.round(last.parentRssKb / 1024),
        ...last.childrenRssKb.map((kilobytes) => Math.round(kilobytes / 1024)),
      ],
      curriculumSameDecisionsAcrossLanes: same,
      curriculumAccepted: `${last.summary.accepted}/${last.summary.tasks}`,
    },
    run: last,
  };
}
