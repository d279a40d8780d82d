import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { parseJsonText } from "../src/core/validate.js";

const childOutputSchema = z.object({
  wallMs: z.number(),
  maxRssKb: z.number(),
  runDirectory: z.string(),
  summary: z.object({ tasks: z.number(), accepted: z.number(), rejected: z.number(), skipped: z.number() }).passthrough(),
});
export type CurriculumRun = z.infer<typeof childOutputSchema>;

/** Extra options of {@link runCurriculumChild}: curriculum config fields to override, and the child's time limit. */
export interface CurriculumChildOptions {
  /** Merged into the child's curriculum config (e.g. `{ target, confirm, split }`). */
  config?: Record<string, unknown>;
  timeoutMs?: number;
}

/** Run a curriculum in a fresh node process (so memory and start-up are its own). */
export function runCurriculumChild(env: string, policy: string, concurrency: number, seed = 0, tasks?: string[], options: CurriculumChildOptions = {}): CurriculumRun {
  const script = fileURLToPath(new URL("./curriculum-child.ts", import.meta.url));
  const child = spawnSync(process.execPath, ["--no-node-snapshot", "--import", "tsx", script, env, policy, String(concurrency), String(seed), ...(tasks ? [tasks.join(",")] : [])], {
    encoding: "utf8",
    timeout: options.timeoutMs ?? 600_000,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, ...(options.config ? { ENVRIGGER_BENCH_CONFIG: JSON.stringify(options.config) } : {}) },
  });
  if (child.status !== 0) throw new Error(`curriculum child failed (${child.status}): ${child.stderr.slice(-2000)}`);
  return parseJsonText(childOutputSchema, child.stdout.trim().split("\n").at(-1) ?? "", "curriculum child output", "INTERNAL");
}

/**
 * The 20-task BugFix curriculum (heuristic designer, `hasty`), at concurrency 1 and 2:
 * wall time (process start to result, worker start-up included), the scaling ratio, the
 * rigger wall time per task, and peak resident memory of the concurrency-2 run.
 */
export function benchCurriculum() {
  const serial = runCurriculumChild("bugfix", "hasty", 1);
  const parallel = runCurriculumChild("bugfix", "hasty", 2);
  return {
    figures: {
      curriculum20TasksConcurrency1Seconds: Number((serial.wallMs / 1000).toFixed(2)),
      curriculum20TasksConcurrency2Seconds: Number((parallel.wallMs / 1000).toFixed(2)),
      curriculumScalingRatio: Number((serial.wallMs / parallel.wallMs).toFixed(2)),
      rigWallSecondsPerTask: Number((serial.wallMs / 1000 / serial.summary.tasks).toFixed(2)),
      curriculumConcurrency2PeakRssMb: Math.round(parallel.maxRssKb / 1024),
      curriculumAccepted: `${parallel.summary.accepted}/${parallel.summary.tasks}`,
    },
    run: parallel,
  };
}
