import type { Target } from "../designer/target.js";
import { harnessStackSpecSchema, type HarnessStackSpec } from "../harness/harness-stack-spec.js";
import { candidateStack } from "../rigger/candidate-stack.js";
import { judgeBands, type BandJudgement } from "../rigger/decision-rule.js";
import { readCheckpointedTasks } from "../rigger/read-checkpointed-tasks.js";
import { countedStats } from "../rollout/counted-stats.js";
import type { CoevolutionRound } from "../run-format/coevolution-round.js";
import { runPaths } from "../run-format/run-paths.js";
import type { StackBandMeasure } from "./stack-band-measure.js";

/**
 * How many rounds of co-evolution old the rollouts pooled to judge a trial stack may be: the
 * rule reads the rig round's probe and the learner's training groups of the last
 * `TRIAL_STALENESS_ROUNDS × every` updates — policies at most that many updates apart.
 */
export const TRIAL_STALENESS_ROUNDS = 2;

/** A candidate a round's rigger measured on one batch and did not place outside the band: the learner's own groups validate it. */
export interface TrialStack {
  taskId: string;
  /** The update whose policy snapshot the round rigged against. */
  update: number;
  spec: HarnessStackSpec;
  /** What the rigger's probe of it measured (the snapshot's rollouts). */
  successes: number;
  episodes: number;
  layers: string[];
}

/** The decision rule (its defaults, at `confidence`) over `successes` of `episodes` rollouts of a stack, still able to ask for more. */
export function judgeCounts(
  target: Target,
  successes: number,
  episodes: number,
  confidence?: number,
): BandJudgement["kind"] {
  if (episodes === 0) return "more";
  return judgeBands(target, countedStats(successes, episodes), {
    turnsDeviation: 0,
    canSpend: true,
    ...(confidence === undefined ? {} : { confidence }),
  }).kind;
}

/**
 * The rule's verdict on a trial stack before update `update`: over the rig round's probe
 * (while its snapshot is within the staleness allowance) and the learner's training groups on
 * the stack in the allowance's updates. `in`: called in band (rollouts of policies at most
 * `TRIAL_STALENESS_ROUNDS × every` updates apart); `out`: outside the band with the tolerance,
 * at the confidence; `more`: undecided — the learner keeps training on it as a trial.
 */
export function judgeTrial(
  trial: TrialStack,
  measure: StackBandMeasure,
  target: Target,
  update: number,
  every: number,
  confidence?: number,
): { kind: BandJudgement["kind"]; successes: number; episodes: number } {
  const since = Math.max(trial.update, update - TRIAL_STALENESS_ROUNDS * every);
  const groups = measure.pooled(trial.taskId, since, update);
  const probe = trial.update >= update - TRIAL_STALENESS_ROUNDS * every;
  const successes = groups.successes + (probe ? trial.successes : 0);
  const episodes = groups.episodes + (probe ? trial.episodes : 0);
  return { kind: judgeCounts(target, successes, episodes, confidence), successes, episodes };
}

/**
 * The trial stacks of a finished round run under a per-task budget: for each task it rigged
 * and did not accept or skip, its latest candidate that ran, unless the rule over that
 * candidate's rollouts already places it outside the band at the confidence.
 */
export async function trialsOfRound(
  runDirectory: string,
  envId: string,
  taskIds: readonly string[],
  update: number,
  target: Target,
  confidence?: number,
): Promise<TrialStack[]> {
  const tasks = await readCheckpointedTasks(
    taskIds.map((taskId) => runPaths(runDirectory).checkpointsOf(taskId)),
    envId,
  );
  const trials: TrialStack[] = [];
  for (const task of tasks) {
    if (task.outcome !== "rejected") continue;
    const ran = task.attempts.filter((attempt) => attempt.proposal !== null && (attempt.stats?.episodes ?? 0) > 0);
    const last = ran[ran.length - 1];
    if (!last) continue;
    const { successes, episodes } = last.stats!;
    if (judgeCounts(target, successes, episodes, confidence) === "out") continue;
    trials.push({
      taskId: task.config.taskId,
      update,
      spec: candidateStack(task.config, last.proposal!),
      successes,
      episodes,
      layers: last.proposal!.layers.map((layer) => (layer.kind === "rules" ? (layer.name ?? "rules") : layer.kind)),
    });
  }
  return trials;
}

/** A round record's trial back as a {@link TrialStack} (its stack checked against the stack schema). */
export function trialOfRecord(round: CoevolutionRound, trial: CoevolutionRound["trials"][number]): TrialStack {
  return { ...trial, update: round.update, spec: harnessStackSpecSchema.parse(trial.stack) };
}

/**
 * The tasks training on a trial stack at update `update`, from the rounds so far in order: a
 * round's trials from its update on, until a later round called them in band (`validated`) or
 * dropped them.
 */
export function trialTasksAt(rounds: readonly CoevolutionRound[], update: number): Set<string> {
  const trials = new Set<string>();
  for (const round of rounds) {
    if (round.update > update) break;
    for (const taskId of [...round.validated, ...round.dropped]) trials.delete(taskId);
    for (const taskId of round.accepted.map((entry) => entry.taskId)) trials.delete(taskId);
    for (const trial of round.trials) trials.add(trial.taskId);
  }
  return trials;
}
