import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { productRigDependencies } from "../src/app/product-rig-dependencies.js";
import { productStackDependencies } from "../src/app/product-stack-dependencies.js";
import { resolveEnv } from "../src/bridges/env-registry.js";
import type { UpdateStats } from "../src/rl/grpo-update.js";
import { runTraining } from "../src/rl/run-training.js";
import { trialTasksAt } from "../src/rl/trial-stacks.js";

/** A short co-evolution run per env, sized as that env's equal-budget design but without the total budget (so rigging is what it costs, not what a budget leaves). */
const RUNS = [
  { env: "toy24", updates: 10, group: 8, tasksPerUpdate: 10, every: 5 },
  { env: "textworld", updates: 9, group: 4, tasksPerUpdate: 4, every: 3 },
] as const;
const SEED = 1;

const round3 = (value: number) => Number(value.toFixed(3));
const uptime = () => execFileSync("uptime", { encoding: "utf8" }).trim();

async function coevolutionRun(
  run: (typeof RUNS)[number],
  validation: "rigging" | "training",
): Promise<Record<string, unknown>> {
  const runDirectory = mkdtempSync(join(tmpdir(), `envrigger-bench-coevolution-${run.env}-${validation}-`));
  const env = await resolveEnv(run.env);
  const updates: UpdateStats[] = [];
  const loadBefore = uptime();
  const result = await runTraining(
    {
      runId: `coevolution-cost-${run.env}-${validation}`,
      env: run.env,
      policy: "learned:init",
      rewardSource: "evaluation",
      source: {
        kind: "coevolve",
        every: run.every,
        target: { successBand: [0.4, 0.6] },
        roundTasks: 1000,
        validation,
      },
      grpo: { updates: run.updates, group: run.group, tasksPerUpdate: run.tasksPerUpdate, seed: SEED },
      // Held-out success is not what this section measures: one small evaluation at each end.
      evaluation: { every: run.updates, episodes: 1, tasks: 4 },
    },
    {
      runDirectory,
      env,
      rigDependencies: productRigDependencies(),
      stack: productStackDependencies(),
      onUpdate: (stats) => updates.push(stats),
    },
  );
  rmSync(runDirectory, { recursive: true, force: true });
  const rigging = result.rounds.reduce((sum, round) => sum + round.cost.total.rollouts, 0);
  const accepted = result.rounds.reduce((sum, round) => sum + round.accepted.length, 0);
  const trials = result.rounds.reduce((sum, round) => sum + round.trials.length, 0);
  const validated = result.rounds.reduce((sum, round) => sum + round.validated.length, 0);
  // Per update: the share of its training groups on a stack, and on a stack called in band (not on trial).
  const perUpdate = updates.map((stats) => {
    const groups = stats.taskGroups ?? [];
    const onTrial = trialTasksAt(result.rounds, stats.update);
    const stacked = groups.filter((group) => group.stacked);
    return {
      update: stats.update,
      covered: round3(stacked.length / Math.max(1, groups.length)),
      coveredInBand: round3(stacked.filter((group) => !onTrial.has(group.taskId)).length / Math.max(1, groups.length)),
    };
  });
  const mean = (values: number[]) => round3(values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length));
  return {
    env: run.env,
    validation,
    seed: SEED,
    updates: result.updates,
    trainingEpisodes: result.trainingEpisodes,
    riggingRollouts: rigging,
    riggingOverTraining: round3(rigging / Math.max(1, result.trainingEpisodes)),
    acceptedByRigger: accepted,
    trialStacks: trials,
    trialsCalledInBand: validated,
    // A stack called in band: accepted by the rigger, or a trial the rule accepted over the training groups.
    rolloutsPerStackCalledInBand: accepted + validated === 0 ? null : round3(rigging / (accepted + validated)),
    rolloutsPerStackTrainedOn: accepted + trials === 0 ? null : round3(rigging / (accepted + trials)),
    meanCoveredAfterFirstRound: mean(
      perUpdate.filter((point) => point.update >= run.every).map((point) => point.covered),
    ),
    meanCoveredInBandAfterFirstRound: mean(
      perUpdate.filter((point) => point.update >= run.every).map((point) => point.coveredInBand),
    ),
    perUpdate,
    rounds: result.rounds.map((round) => ({
      round: round.round,
      update: round.update,
      rigged: round.rigged.length,
      accepted: round.accepted.length,
      skipped: round.skipped.length,
      rejected: round.rejected.length,
      trials: round.trials.length,
      validated: round.validated.length,
      kept: round.kept.length,
      dropped: round.dropped.length,
      rollouts: round.cost.total.rollouts,
    })),
    finalHeldOutSuccess: result.final ? round3(result.final.successRate) : null,
    wallSeconds: round3(result.durationMs / 1000),
    uptimeBefore: loadBefore,
    uptimeAfter: uptime(),
  };
}

/**
 * Co-evolution's rigging against its training episodes, on Toy24 and TextWorld, in one run:
 * each env's short `train --source coevolve` (seed 1, band [0.4, 0.6], a round rigging every
 * task of the next block) with candidates validated by the rigger (`--validation rigging`,
 * every run before) and by the learner's training groups (`--validation training`), side by
 * side. Reports the ratio, rollouts per stack (called in band, and trained on), and the share
 * of training groups per update on a stack and on a stack called in band.
 */
export async function benchCoevolutionCost(): Promise<Record<string, unknown>> {
  const figures: Record<string, unknown> = {};
  for (const run of RUNS)
    for (const validation of ["rigging", "training"] as const) {
      process.stderr.write(`  ${run.env}, validation ${validation} …\n`);
      figures[`${run.env}-${validation}`] = await coevolutionRun(run, validation);
    }
  return figures;
}
