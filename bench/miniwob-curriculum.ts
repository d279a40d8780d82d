import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { miniwobEnv } from "../src/bridges/miniwob/miniwob-env-definition.js";
import { createRigDependencies } from "../src/app/create-rig-dependencies.js";
import { inProcessExecutor, runCurriculum } from "../src/curriculum/run-curriculum.js";
import { targetSchema } from "../src/designer/target.js";
import { isSuccess } from "../src/rollout/summarize.js";
import { resolvePolicy } from "../src/policies/policy-registry.js";
import { runRollouts } from "../src/rollout/run-rollouts.js";
import { measureBandHits } from "./calibration.js";
import { isRigged } from "../src/curriculum/not-rigged-task.js";

/**
 * The train tasks the MiniWoB++ curriculum runs on, chosen before it runs by a screening
 * baseline (2 episodes per train task, seed 99 — never a seed of the curriculum or of the
 * fresh measurement): the tasks where `dom-heuristic` succeeded at least once, at most
 * `limit` of them spread evenly over the catalogue order. Tasks it never solves are left
 * out: the heuristic designer has no successful rollout to scaffold from there, and each of
 * their failed episodes runs the whole turn budget.
 */
export async function miniwobCurriculumTasks(limit = 12): Promise<string[]> {
  const policy = await resolvePolicy("dom-heuristic", "miniwob");
  const train = await miniwobEnv.listTasks("train");
  const trajectories = await runRollouts({
    createEnv: () => miniwobEnv.create(),
    policy: policy.factory,
    tasks: train.map((task) => ({ taskId: task.id })),
    episodes: 2,
    seed: 99,
    concurrency: 2,
  });
  const solvedOnce = train
    .map((task) => task.id)
    .filter((taskId) => trajectories.some((trajectory) => trajectory.taskId === taskId && isSuccess(trajectory)));
  const step = Math.max(1, solvedOnce.length / limit);
  return Array.from(
    { length: Math.min(limit, solvedOnce.length) },
    (_, index) => solvedOnce[Math.floor(index * step)]!,
  );
}

/**
 * A curriculum with `dom-heuristic` and the offline heuristic designer, band [0.4, 0.6],
 * on {@link miniwobCurriculumTasks} (in this process, one task at a time: each rollout batch
 * starts its own Chromium), then the fraction of those tasks in band on fresh rollouts
 * (K = `freshK`, seeds the run never used) before and after.
 */
export async function benchMiniwobCurriculum(freshK = 20) {
  const taskIds = await miniwobCurriculumTasks();
  process.stderr.write(`  curriculum tasks: ${taskIds.join(" ")}\n`);
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
      onTaskDone: (task, done, total) =>
        process.stderr.write(
          `  ${done}/${total} ${task.taskId}: ${task.outcome}${isRigged(task) ? ` (baseline ${task.baseline.successRate.toFixed(2)}${task.accepted ? ` → ${task.accepted.successRate.toFixed(2)}` : ""})` : ""}\n`,
        ),
    });
  } finally {
    await executor.close();
  }
  const curriculumSeconds = (performance.now() - started) / 1000;
  const fresh = await measureBandHits(runDirectory, freshK);
  return {
    miniwobCurriculum: {
      runDirectory,
      taskSelection:
        "train tasks dom-heuristic solved at least once in a 2-episode screening (seed 99), spread over the catalogue",
      curriculumSeconds: Math.round(curriculumSeconds),
      summary: result.summary,
      curriculumTasks: result.tasks.map((task) => ({
        taskId: task.taskId,
        outcome: task.outcome,
        baseline: task.baseline.successRate,
        accepted: task.accepted?.successRate ?? null,
        revisions: task.revisions,
        candidate: task.candidate,
      })),
      freshK,
      ...fresh,
    },
  };
}
