import type { ExperimentConfigInput } from "./run-experiment.js";

/** An experiment design fixed before its first run: everything but the run id. */
export type PreregisteredDesign = Omit<ExperimentConfigInput, "version" | "runId">;

/**
 * Pre-registered designs by name: the env's id names its first design (`--preregistered`),
 * `<env>-equal-budget` the equal-total-budget comparison (`--preregistered <env>-equal-budget`).
 *
 * The pre-registered too-hard-regime experiment (issue 22), fixed in code before its first
 * run and run as `envrigger experiment --env toy24 --preregistered`: three arms with the
 * same policy class and settings and the same training episodes — `original`, `harness`
 * (co-evolved, band [0.4, 0.6], the decision rule's defaults on main, a round every 5
 * updates rigging at most 8 of the next block's tasks) and `reverse` (start states replayed
 * from the demonstrator's solution at uniformly random depth); 5 seeds; held-out tasks of
 * the original env only (a fixed sample of 50, 4 episodes each, every 5 updates). Reported:
 * per pair of arms the difference of final held-out success with a 95 % t interval over
 * seeds, the curves, the fraction of zero-variance groups per update, and the harness
 * arm's rigging rollouts as its extra cost. Sized for the shared two-core machine of the
 * session that registered it (10 updates: a short horizon, stated as such in the report).
 */
const DESIGNS: Readonly<Record<string, PreregisteredDesign>> = {
  toy24: {
    env: "toy24",
    rewardSource: "evaluation",
    arms: ["original", "harness", "reverse"],
    seeds: 5,
    grpo: { updates: 10, group: 8, tasksPerUpdate: 10 },
    evaluation: { every: 5, episodes: 4, tasks: 50 },
    coevolution: { every: 5, target: { successBand: [0.4, 0.6] }, roundTasks: 8 },
  },
  // Registered 2026-12-02 05:30 UTC, before its first run (an earlier unregistered 2-seed,
  // 2-update run is reported as such): the text-game family, sized so the 15 arm-seeds fit a
  // loaded two-core machine (~0.3 CPU-s per TextWorld episode): 6 updates × 4 tasks × G = 4 =
  // 96 training episodes per arm and seed; all 16 held-out games, 2 episodes each, at updates
  // 0, 3 and 6; a co-evolution round every 3 updates rigging at most 3 of the next block's tasks.
  textworld: {
    env: "textworld",
    rewardSource: "evaluation",
    arms: ["original", "harness", "reverse"],
    seeds: 5,
    grpo: { updates: 6, group: 4, tasksPerUpdate: 4 },
    evaluation: { every: 3, episodes: 2 },
    coevolution: { every: 3, target: { successBand: [0.4, 0.6] }, roundTasks: 3 },
  },
  // The control regime: the env already pays the learner (held-out 0.09 → 0.56 in 30 updates).
  bugfix: {
    env: "bugfix",
    rewardSource: "evaluation",
    arms: ["original", "harness", "reverse"],
    seeds: 5,
    grpo: { updates: 30, group: 8, tasksPerUpdate: 10 },
    evaluation: { every: 5, episodes: 10 },
    coevolution: { every: 10, target: { successBand: [0.4, 0.6] }, roundTasks: 24 },
  },
  // Registered 2026-12-07 06:00 UTC, before any run of it (issue 36): the designer against the
  // designer-free ways to keep tasks at the learner's frontier, at equal TOTAL rollouts per arm
  // and seed (training + groups filtered out + rigging). Arms: original, filtered (online
  // difficulty filtering with refill, ≤ 4 × tasks per update groups drawn), reverse, harness
  // (co-evolved, heuristic designer), random-harness (same co-evolution, random-edit designer:
  // no diagnosis), ceiling (trained on the held-out tasks themselves, same budget: the
  // learnability check). A round rigs every task the next block trains on (roundTasks not
  // binding), under the decision rule on main when it runs; the budget bounds it (a round
  // leaves the next block's training unspent). Sized from Toy24's cost (about 6,000 rollouts
  // per arm and seed was the earlier harness arm's total): 6,000 rollouts, at most 75 updates
  // of 10 tasks × G = 8.
  "toy24-equal-budget": {
    env: "toy24",
    rewardSource: "evaluation",
    arms: ["original", "filtered", "reverse", "harness", "random-harness", "ceiling"],
    seeds: 5,
    totalRollouts: 6000,
    filterDrawFactor: 4,
    ceilingFactor: 1,
    grpo: { updates: 75, group: 8, tasksPerUpdate: 10 },
    evaluation: { every: 15, episodes: 4, tasks: 50 },
    coevolution: { every: 5, target: { successBand: [0.4, 0.6] }, roundTasks: 1000 },
  },
  // The same design on TextWorld (27 train games, 16 held-out), to be run only once the
  // interpreter of issue 35 has landed: 400 rollouts per arm and seed (30 arm-seeds and the
  // evaluations ≈ 15,000 episodes, ≈ 30 CPU-minutes at 0.1 CPU-s per episode), at most 25 updates
  // of 4 tasks × G = 4, all 16 held-out games × 2 episodes every 5 updates.
  "textworld-equal-budget": {
    env: "textworld",
    rewardSource: "evaluation",
    arms: ["original", "filtered", "reverse", "harness", "random-harness", "ceiling"],
    seeds: 5,
    totalRollouts: 400,
    filterDrawFactor: 4,
    ceilingFactor: 1,
    grpo: { updates: 25, group: 4, tasksPerUpdate: 4 },
    evaluation: { every: 5, episodes: 2 },
    coevolution: { every: 3, target: { successBand: [0.4, 0.6] }, roundTasks: 1000 },
  },
  // The control: BugFix already pays the learner; no arm should fall below original by more
  // than its interval. 4,800 rollouts per arm and seed (twice the earlier 2,400 training
  // episodes), at most 60 updates of 10 tasks × G = 8, evaluated every 10 updates.
  "bugfix-equal-budget": {
    env: "bugfix",
    rewardSource: "evaluation",
    arms: ["original", "filtered", "reverse", "harness", "random-harness", "ceiling"],
    seeds: 5,
    totalRollouts: 4800,
    filterDrawFactor: 4,
    ceilingFactor: 1,
    grpo: { updates: 60, group: 8, tasksPerUpdate: 10 },
    evaluation: { every: 10, episodes: 10 },
    coevolution: { every: 10, target: { successBand: [0.4, 0.6] }, roundTasks: 1000 },
  },
};

/**
 * The equal-budget design of `<env>-equal-budget` with co-evolution's candidates validated by
 * the learner's training groups (`validation: "training"`: a 2 K probe per task, trial stacks
 * judged by the rule over the training groups), everything else the same.
 */
function withTrainingValidation(name: string): PreregisteredDesign {
  const design = DESIGNS[name]!;
  return { ...design, coevolution: { ...design.coevolution, validation: "training" } };
}

export const PREREGISTERED_EXPERIMENTS: Readonly<Record<string, PreregisteredDesign>> = {
  ...DESIGNS,
  // Registered 2026-12-07 12:30 UTC, before any run of it (issue 32: co-evolution's rigging at
  // ≤ 2 × the training episodes): issue 36's equal-budget designs with trial stacks validated by
  // the training groups, so the harness arms cover their blocks at a fraction of the rigging.
  "toy24-trial-validation": withTrainingValidation("toy24-equal-budget"),
  "textworld-trial-validation": withTrainingValidation("textworld-equal-budget"),
};
