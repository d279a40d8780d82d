import { z } from "zod";
import { runCurriculumChild, totalCpuSeconds } from "./curriculum-bench.js";

const taskCostSchema = z.object({ taskId: z.string(), outcome: z.string(), cost: z.object({ rollouts: z.number() }) });

/**
 * The TextWorld curriculum as issues 32 and 35 state it: every train task (24 TextWorld
 * quests and games, 3 Zork I milestones), `noisy-walkthrough`, the heuristic designer, band
 * [0.4, 0.6], seed 1, 2 lanes, the rule's defaults, from the compiled package in its own
 * process: wall time from process start to result, CPU of every process, outcomes, and
 * rollouts per task (its baseline and every validation included) with the worst task.
 */
export async function benchTextworldCurriculum(): Promise<Record<string, unknown>> {
  const run = runCurriculumChild("textworld", "noisy-walkthrough", 2, 1, undefined, { timeoutMs: 3_600_000 });
  const tasks = run.tasks.map((task) => taskCostSchema.parse(task));
  const rollouts = tasks.map((task) => task.cost.rollouts);
  const total = rollouts.reduce((sum, value) => sum + value, 0);
  const worst = tasks.reduce((most, task) => (task.cost.rollouts > most.cost.rollouts ? task : most), tasks[0]!);
  return {
    tasks: run.summary.tasks,
    accepted: run.summary.accepted,
    skipped: run.summary.skipped,
    rejected: run.summary.rejected,
    rollouts: total,
    rolloutsPerTask: Number((total / Math.max(1, tasks.length)).toFixed(1)),
    fewestRollouts: Math.min(...rollouts),
    worstTask: { taskId: worst.taskId, outcome: worst.outcome, rollouts: worst.cost.rollouts },
    wallSeconds: Number((run.wallMs / 1000).toFixed(1)),
    cpuSeconds: Number(totalCpuSeconds(run).toFixed(1)),
    perTask: tasks.map((task) => ({ taskId: task.taskId, outcome: task.outcome, rollouts: task.cost.rollouts })),
  };
}
