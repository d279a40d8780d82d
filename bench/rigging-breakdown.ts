import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CALIBRATION_CURRICULA } from "./calibration.js";
import { runCurriculumChild } from "./curriculum-bench.js";

const SEEDS = [1, 2, 3];

/** Where a task's rollouts went: its baseline, its first candidate's validation, every later one's. */
interface Spent {
  baseline: number;
  first: number;
  later: number;
}

/** Per task, from a run's events: the observe node's episodes and each validation's, in order. */
function spentPerTask(runDirectory: string): Map<string, Spent> {
  const perTask = new Map<string, Spent>();
  for (const line of readFileSync(join(runDirectory, "events.jsonl"), "utf8").split("\n")) {
    if (!line) continue;
    const event = JSON.parse(line) as { event: string; taskId?: string; node?: string; data?: { episodes?: number } };
    if (event.event !== "rig" || !event.taskId || event.data?.episodes === undefined) continue;
    const spent = perTask.get(event.taskId) ?? { baseline: 0, first: 0, later: 0 };
    if (event.node === "observe") spent.baseline += event.data.episodes;
    else if (event.node === "validate") {
      const validated = spent.first > 0 || spent.later > 0;
      if (validated) spent.later += event.data.episodes;
      else spent.first += event.data.episodes;
    }
    perTask.set(event.taskId, spent);
  }
  return perTask;
}

const perTaskMean = (tasks: Spent[], pick: (spent: Spent) => number) =>
  Number((tasks.reduce((sum, spent) => sum + pick(spent), 0) / tasks.length).toFixed(1));

/**
 * Where the rollouts of a rigged task go, under the default rule: the calibration's BugFix
 * and Toy24 curricula (the same tasks, policies and seeds 1–3; one lane, which rigs them as
 * two do), each task's rollouts split into its baseline (observed under the rule until it is
 * judged in or out of band), its first candidate's validation and every later candidate's —
 * per curriculum and seed, rollouts per task. What bounds the calibration's rollouts per task.
 */
export async function benchRiggingBreakdown() {
  const curricula: Record<string, unknown> = {};
  for (const curriculum of CALIBRATION_CURRICULA.filter((each) => each.env !== "textworld")) {
    const seeds: Record<string, unknown> = {};
    for (const seed of SEEDS) {
      const run = runCurriculumChild(curriculum.env, curriculum.policy, 1, seed, curriculum.tasks, {
        config: curriculum.config,
      });
      const tasks = [...spentPerTask(run.runDirectory).values()];
      seeds[String(seed)] = {
        baseline: perTaskMean(tasks, (spent) => spent.baseline),
        firstCandidate: perTaskMean(tasks, (spent) => spent.first),
        laterCandidates: perTaskMean(tasks, (spent) => spent.later),
        total: perTaskMean(tasks, (spent) => spent.baseline + spent.first + spent.later),
      };
    }
    curricula[curriculum.name] = seeds;
  }
  return { riggingBreakdown: { seeds: SEEDS, unit: "rollouts per task", curricula } };
}
