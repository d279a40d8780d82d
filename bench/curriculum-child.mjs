// Runs one curriculum of the compiled package (dist/, as the CLI runs it) in this process
// and prints one JSON line: wall time, peak resident memory (this process plus the task
// processes' peaks) and the run directory. Plain JavaScript so that no TypeScript loader
// runs beside the code being measured.
// Usage: node --no-node-snapshot bench/curriculum-child.mjs <env> <policy> <lanes> <seed> [task,task,…]
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";

const started = performance.now();
const dist = (module) => import(new URL(`../dist/${module}.js`, import.meta.url).href);
const [env = "bugfix", policy = "hasty", lanesText = "1", seedText = "0", taskList] = process.argv.slice(2);
const lanes = Number(lanesText);
// As the CLI does: the task processes start first, and load while this process loads.
const { processExecutor } = await dist("app/process-executor");
// The tasks this process's lane rigged (on 2 lanes the task process rigged the others).
const localTasks = [];
const rigHere = async (input) => {
  localTasks.push(input.task.id);
  return (await dist("app/curriculum-worker")).default(input);
};
const pool = lanes > 1 ? processExecutor(lanes, { local: rigHere }) : null;
const [
  { resolveEnv },
  { createRigDependencies },
  { inProcessExecutor, runCurriculum },
  { targetSchema },
  { processUsage },
] = await Promise.all([
  dist("bridges/env-registry"),
  dist("app/create-rig-dependencies"),
  dist("curriculum/run-curriculum"),
  dist("designer/target"),
  dist("app/process-usage"),
]);
// What loading the modules cost this process (on 1 lane: the whole curriculum's start-up).
const parentStart = processUsage();
const loadedMs = performance.now() - started;
const work = mkdtempSync(join(tmpdir(), "envrigger-bench-"));
const runDirectory = join(work, "run");
const config = {
  version: 1,
  runId: "bench",
  env,
  policy,
  designer: "heuristic",
  target: targetSchema.parse({ successBand: [0.4, 0.6] }),
  seed: Number(seedText),
  candidatesDir: join(work, "candidates"),
  ...(taskList ? { taskIds: taskList.split(",") } : {}),
  // Overrides from the calibration bench (target, confirmation batch, split, …).
  ...(process.env.ENVRIGGER_BENCH_CONFIG ? JSON.parse(process.env.ENVRIGGER_BENCH_CONFIG) : {}),
};
const executor = pool ?? inProcessExecutor((parsed, directory) => createRigDependencies(parsed, directory));
try {
  // When each task finished (ms from the start; the last lane's idle tail shows here), and
  // this process's CPU then (on 1 lane: the whole curriculum's, so differences are per task).
  const tasksDone = [];
  const onTaskDone = (task) => {
    const { cpuMs, mainThreadCpuMs } = processUsage();
    tasksDone.push({ taskId: task.taskId, atMs: Math.round(performance.now() - started), cpuMs, mainThreadCpuMs });
  };
  const result = await runCurriculum(config, { runDirectory, env: await resolveEnv(env), executor, onTaskDone });
  const wallMs = performance.now() - started;
  const parentRssKb = process.resourceUsage().maxRSS;
  const children = pool ? pool.childUsage() : [];
  const childrenRssKb = children.map((child) => child.maxRssKb);
  const parent = processUsage();
  // Peak of the whole curriculum: this process plus every task process (an upper bound: their peaks may not coincide).
  const maxRssKb = parentRssKb + childrenRssKb.reduce((sum, value) => sum + value, 0);
  // CPU of this process, every thread (on 1 lane: the whole curriculum).
  const cpuMs = parent.cpuMs;
  const usage = { loadedMs, parentStart, parent, children };
  process.stdout.write(
    `${JSON.stringify({ wallMs, cpuMs, maxRssKb, parentRssKb, childrenRssKb, usage, tasksDone, localTasks: pool ? localTasks : null, runDirectory, summary: result.summary, tasks: result.tasks })}\n`,
  );
} finally {
  await executor.close();
}
