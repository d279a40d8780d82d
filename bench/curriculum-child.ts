import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { resolveEnv } from "../src/bridges/env-registry.js";
import { createRigDependencies } from "../src/curriculum/create-rig-dependencies.js";
import { inProcessExecutor, runCurriculum } from "../src/curriculum/run-curriculum.js";
import rigInWorker from "../src/curriculum/curriculum-worker.js";
import { processExecutor } from "../src/curriculum/process-executor.js";
import { targetSchema } from "../src/designer/target.js";

/**
 * Runs one curriculum in this (child) process and prints one JSON line: wall time, peak
 * resident memory (this process plus the task processes' peaks) and the run directory.
 * Usage: curriculum-child.ts <env> <policy> <concurrency> <seed> [task,task,…]; the
 * environment variable ENVRIGGER_BENCH_CONFIG (JSON) overrides config fields.
 */
const [env = "bugfix", policy = "hasty", concurrencyText = "1", seedText = "0", taskList] = process.argv.slice(2);
const concurrency = Number(concurrencyText);
const work = mkdtempSync(join(tmpdir(), "envrigger-bench-"));
const runDirectory = join(work, "run");
const config = {
  version: 1 as const,
  runId: "bench",
  env,
  policy,
  designer: "heuristic",
  target: targetSchema.parse({ successBand: [0.4, 0.6] }),
  seed: Number(seedText),
  candidatesDir: join(work, "candidates"),
  ...(taskList ? { taskIds: taskList.split(",") } : {}),
  // Overrides from the calibration bench (target, confirmation batch, split, …).
  ...(process.env.ENVRIGGER_BENCH_CONFIG ? (JSON.parse(process.env.ENVRIGGER_BENCH_CONFIG) as Record<string, unknown>) : {}),
};
const started = performance.now();
const pool = concurrency > 1 ? processExecutor(concurrency, { local: rigInWorker }) : null;
const executor = pool ?? inProcessExecutor((parsed, directory) => createRigDependencies(parsed, directory));
try {
  const result = await runCurriculum(config, { runDirectory, env: await resolveEnv(env), executor });
  const wallMs = performance.now() - started;
  const childrenRssKb = pool ? pool.childPeakRssKb() : [];
  // Peak of the whole curriculum: this process plus every task process (an upper bound: their peaks may not coincide).
  const maxRssKb = process.resourceUsage().maxRSS + childrenRssKb.reduce((sum, value) => sum + value, 0);
  process.stdout.write(`${JSON.stringify({ wallMs, maxRssKb, runDirectory, summary: result.summary })}\n`);
} finally {
  await executor.close();
}
