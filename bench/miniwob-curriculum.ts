import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { miniwobEnv } from "../src/bridges/miniwob/miniwob-env-definition.js";
import { createRigDependencies } from "../src/curriculum/create-rig-dependencies.js";
import { inProcessExecutor, runCurriculum } from "../src/curriculum/run-curriculum.js";
import { targetSchema } from "../src/designer/target.js";
import { measureBandHits } from "./calibration.js";

/**
 * The train tasks the MiniWoB++ curriculum runs on: every sixth train task in catalogue
 * order (a spread over the task families, chosen by position, never by results).
 */
export async function miniwobCurriculumTasks(): Promise<string[]> {
  return (await miniwobEnv.listTasks("train")).filter((_task, index) => index % 6 === 0).map((task) => task.id);
}

/**
 * A curriculum with `dom-heuristic` and the offline heuristic designer, band [0.4, 0.6],
 * on {@link miniwobCurriculumTasks} (in this process, one task at a time: each rollout batch
 * starts its own Chromium), then the fraction of those tasks in band on fresh rollouts
 * (K = `freshK`, seeds the run never used) before and after.
 */
export async function benchMiniwobCurriculum(freshK = 40) {
  const taskIds = await miniwobCurriculumTasks();
  const work = mkdtempSync(join(tmpdir(), "envrigger-miniwob-curriculum-"));
  const runDirectory = join(work, "run");
  const config = {
    version: 1 as const,
    runId: "miniwob-bench",
    env: "miniwob",
    policy: "dom-heuristic",
    designer: "heuristic",
    target: targetSchema.parse({ successBand: [0.4, 0.6] }),
    seed: 0,
    candidatesDir: join(work, "candidates"),
    taskIds,
  };
  const executor = inProcessExecutor((parsed, directory) => createRigDependencies(parsed, directory));
  const started = performance.now();
  let result;
  try {
    result = await runCurriculum(config, {
      runDirectory,
      env: miniwobEnv,
      executor,
      onTaskDone: (task, done, total) => process.stderr.write(`  ${done}/${total} ${task.taskId}: ${task.outcome} (baseline ${task.baseline.successRate.toFixed(2)}${task.accepted ? ` → ${task.accepted.successRate.toFixed(2)}` : ""})\n`),
    });
  } finally {
    await executor.close();
  }
  const curriculumSeconds = (performance.now() - started) / 1000;
  const fresh = await measureBandHits(runDirectory, freshK);
  return {
    miniwobCurriculum: {
      runDirectory,
      curriculumSeconds: Math.round(curriculumSeconds),
      summary: result.summary,
      perTask: result.tasks.map((task) => ({ taskId: task.taskId, outcome: task.outcome, baseline: task.baseline.successRate, accepted: task.accepted?.successRate ?? null, revisions: task.revisions, candidate: task.candidate })),
      freshK,
      ...fresh,
    },
  };
}
