import type { JsonObject } from "../core/json.js";
import type { CoevolveSourceInput, TrainingRunConfig, TrainingRunConfigInput } from "./training-run-config.js";

/** What {@link armTrainingConfig} reads of an experiment's configuration. */
export interface ArmSettings {
  runId: string;
  env: string;
  envOptions: JsonObject;
  rewardSource: TrainingRunConfig["rewardSource"];
  grpo: Omit<TrainingRunConfig["grpo"], "seed">;
  totalRollouts?: number;
  filterDrawFactor: number;
  ceilingFactor: number;
  evaluation: TrainingRunConfig["evaluation"];
  coevolution: Omit<CoevolveSourceInput, "kind">;
}

/**
 * The experiment's arms, all with the same policy class, settings and reward:
 * - `original`: the original train tasks;
 * - `filtered`: online difficulty filtering with refill (groups without a reward signal are
 *   dropped and replaced; the dropped rollouts count against the budget);
 * - `reverse`: a reverse curriculum (start states replayed from the env demonstrator's
 *   solution at uniformly random depth; no designer);
 * - `harness`: co-evolved harness stacks (the heuristic designer in the loop);
 * - `random-harness`: the same co-evolution with the random-edit designer (the same templates
 *   at random knobs, the same decision rule, no diagnosis) — what the diagnosis is worth;
 * - `ceiling`: a learnability check, not a curriculum — training on the held-out tasks
 *   themselves with `ceilingFactor` × the budget: an env where even it does not beat
 *   `original` clearly is one where no arm's comparison can show anything.
 */
export const EXPERIMENT_ARMS = ["original", "filtered", "reverse", "harness", "random-harness", "ceiling"] as const;
export type ExperimentArm = (typeof EXPERIMENT_ARMS)[number];

/** The arms an experiment runs when it names none (the ceiling is asked for by name). */
export const DEFAULT_EXPERIMENT_ARMS: readonly ExperimentArm[] = ["original", "harness", "reverse"];

/** Whether an arm's rounds rig (co-evolution): its rigging counts against its budget. */
export function armRigs(arm: ExperimentArm): boolean {
  return arm === "harness" || arm === "random-harness";
}

/** The training run of one arm and seed of an experiment. */
export function armTrainingConfig(config: ArmSettings, arm: ExperimentArm, seed: number): TrainingRunConfigInput {
  const factor = arm === "ceiling" ? config.ceilingFactor : 1;
  const source: TrainingRunConfigInput["source"] =
    arm === "original" || arm === "ceiling"
      ? { kind: "original" }
      : arm === "filtered"
        ? { kind: "filtered", drawFactor: config.filterDrawFactor }
        : arm === "reverse"
          ? { kind: "reverse" }
          : {
              kind: "coevolve",
              ...config.coevolution,
              ...(arm === "random-harness" ? { designer: "random" } : {}),
            };
  return {
    runId: `${config.runId}-${arm}-seed-${seed}`,
    env: config.env,
    envOptions: config.envOptions,
    policy: "learned:init",
    source,
    rewardSource: config.rewardSource,
    grpo: { ...config.grpo, seed, updates: config.grpo.updates * factor },
    ...(config.totalRollouts === undefined ? {} : { totalRollouts: config.totalRollouts * factor }),
    trainSplit: arm === "ceiling" ? "heldout" : "train",
    evaluation: { ...config.evaluation, every: config.evaluation.every * factor },
  };
}
