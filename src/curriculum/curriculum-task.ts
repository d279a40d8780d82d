import type { TaskInfo } from "../core/task.js";
import type { RigDependencies } from "../rigger/rig-dependencies.js";
import { openCheckpointer } from "../rigger/open-checkpointer.js";
import { rigTask, type RigTaskResult } from "../rigger/rig-task.js";
import type { CurriculumConfig } from "./curriculum-config.js";
import { runPaths } from "../run-format/run-paths.js";

/**
 * Rig one task of a curriculum as its own thread in the run's checkpointer (resuming it
 * when the thread exists). Used in this process and by task processes alike.
 */
export async function rigCurriculumTask(
  config: CurriculumConfig,
  task: Pick<TaskInfo, "id" | "group">,
  runDirectory: string,
  dependencies: RigDependencies,
): Promise<RigTaskResult> {
  const { saver, close } = openCheckpointer(runPaths(runDirectory).checkpointsOf(task.id));
  try {
    return await rigTask(
      {
        envId: config.env,
        envOptions: config.envOptions,
        taskId: task.id,
        group: task.group,
        policy: config.policy,
        designer: config.designer,
        target: config.target,
        k: config.k,
        kMax: config.kMax,
        rule: config.rule,
        ...(config.budgetRollouts === undefined ? {} : { budgetRollouts: config.budgetRollouts }),
        confidence: config.confidence,
        tolerance: config.tolerance,
        stepsTolerance: config.stepsTolerance,
        checkRollouts: config.checkRollouts,
        confirmationEpisodes: config.confirmationEpisodes,
        revisions: config.revisions,
        seed: config.seed,
        maxTurns: config.maxTurns,
        rolloutConcurrency: config.rolloutConcurrency,
        callTimeoutMs: config.callTimeoutMs,
      },
      dependencies,
      saver,
    );
  } finally {
    close();
  }
}
