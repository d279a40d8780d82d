import { DEFAULT_DECISION_POLICY, PAPER_DECISION_POLICY, type DecisionPolicy } from "../src/rigger/decision-rule.js";
import { simulateMixtureCalibration, type MixtureModel } from "../src/testing/simulated-mixture.js";
import type { SimulatedMixtureCalibration } from "../src/testing/simulated-mixture.js";
import { simulateTaskSearch, type TaskSearchModel } from "../src/testing/simulated-task-search.js";

/** The tolerance the promise is measured with (issue 32's default). */
const TOLERANCE = 0.05;

/** The rule on the true rate within {@link TOLERANCE} at `confidence`, refine 0.9, early abandonment as landed, cap `kMax`. */
function tolerant(confidence: number, kMax: number) {
  return {
    name: `tolerance ${TOLERANCE}, confidence ${confidence}, cap ${kMax}`,
    candidate: true,
    policy: { ...DEFAULT_DECISION_POLICY, tolerance: TOLERANCE, confidence, kMax } satisfies DecisionPolicy,
  };
}

/**
 * The rules compared (issue 32, written before any figure was read): the rule as it landed
 * (issue 21: the band itself, confidence 0.9, cap 400), the paper's (one batch of 5 per
 * candidate, accepted when its mean is in band), and the grid the selection chooses from —
 * tolerance 0.05, confidence 0.7–0.9, cap 100 or 200, everything else as landed.
 */
const RULES: Array<{ name: string; candidate: boolean; policy: DecisionPolicy }> = [
  {
    name: "as landed (tolerance 0, confidence 0.9, cap 400)",
    candidate: false,
    policy: { ...DEFAULT_DECISION_POLICY, tolerance: 0, kMax: 400 },
  },
  { name: "the paper's (K = 5 per candidate, mean in band)", candidate: false, policy: PAPER_DECISION_POLICY },
  ...[0.7, 0.75, 0.8, 0.85, 0.9].flatMap((confidence) => [100, 200].map((kMax) => tolerant(confidence, kMax))),
];

const SEARCH_MODELS: TaskSearchModel[] = ["aimed", "dose", "cross-task"];
const MIXTURE_MODELS: MixtureModel[] = ["linear", "state-only", "non-linear"];
const SEEDS = [2026, 2027, 2028];

/**
 * The selection, fixed in code before the figures were read (issue 32's calibration targets):
 * among the grid's rules (tolerance 0.05) whose accepted-or-skipped tasks are truly in
 * [lo − ε, hi + ε] at least {@link PROMISE_FLOOR} of the time under every model (pooled over
 * the seeds) and whose rollouts per task — the baseline's included — average at most
 * {@link ROLLOUT_CEILING} over the models, the one with the most tasks truly in [lo, hi]
 * (averaged over the models; ties: fewer rollouts). When none meets both: among those meeting
 * the floor, the fewest rollouts per task. The worst task is reported, not selected on (a
 * simulated curriculum of 600 tasks has a longer tail than a real one of 20).
 */
const PROMISE_FLOOR = 0.9;
const ROLLOUT_CEILING = 60;

/** What a simulated rule measured under one model, pooled over the seeds. */
export interface Figures {
  accepted: number;
  acceptedTrulyInPromise: number;
  acceptedTrulyInBand: number;
  tasksTrulyInPromise: number;
  tasksTrulyInBand: number;
  rolloutsPerTask: number;
  worstTask: number;
}

/** Pooled over the seeds: ratios of the accepted weighted by each seed's accepted count, the worst task of all. */
export function pooled(runs: SimulatedMixtureCalibration[]): Figures {
  const mean = (pick: (run: SimulatedMixtureCalibration) => number) =>
    runs.reduce((total, run) => total + pick(run), 0) / runs.length;
  const accepted = mean((run) => run.accepted);
  const inPromise = mean((run) => run.accepted * run.acceptedTrulyInPromise);
  const inBand = mean((run) => run.tasksTrulyInBand);
  return {
    accepted: round(accepted),
    acceptedTrulyInPromise: round(accepted === 0 ? 0 : inPromise / accepted),
    acceptedTrulyInBand: round(accepted === 0 ? 0 : inBand / accepted),
    tasksTrulyInPromise: round(inPromise),
    tasksTrulyInBand: round(inBand),
    rolloutsPerTask: Math.round(mean((run) => run.rolloutsPerTask)),
    worstTask: Math.max(...runs.map((run) => run.worstRolloutsPerTask)),
  };
}

/**
 * The decision rule with a tolerance in simulation (issue 32): per rule, six task models —
 * a search that sees only the rule's estimates (`aimed`), one template's monotone knob per
 * task (`dose`), tasks of one env sharing a template's curve up to a task-level shift, the
 * first candidate aimed from the earlier tasks' probes (`cross-task`; see
 * `simulateTaskSearch`), and the search of one mixture template (`linear`, `state-only`,
 * `non-linear`; see `simulateMixtureCalibration`) — `tasks` tasks at each of three seeds
 * (pooled), band [0.4, 0.6], batches of 5, up to 6 candidates, every baseline observed under
 * the rule (its rollouts counted, a task it passes skipped). Per rule and model: tasks
 * accepted or skipped, of those truly in [0.35, 0.65] and in [0.4, 0.6], tasks truly in
 * each, rollouts per task and the worst task's; and the rule the selection picks.
 */
export async function benchDecisionRuleToleranceSimulation(tasks = 200) {
  const rules: Record<string, unknown> = {};
  const scored: Array<{ name: string; floor: boolean; ceiling: boolean; inBand: number; rollouts: number }> = [];
  for (const { name, candidate, policy } of RULES) {
    const row: Record<string, Figures> = {};
    for (const model of SEARCH_MODELS)
      row[model] = pooled(
        SEEDS.map((seed) => simulateTaskSearch(policy, model, { tasks, seed, tolerance: TOLERANCE })),
      );
    for (const model of MIXTURE_MODELS)
      row[model] = pooled(
        SEEDS.map((seed) =>
          simulateMixtureCalibration(policy, model, {
            tasks,
            seed,
            pooling: policy.pooling,
            tolerance: TOLERANCE,
            judgeBaseline: true,
          }),
        ),
      );
    const all = Object.values(row);
    const average = (pick: (figures: Figures) => number) =>
      all.reduce((total, figures) => total + pick(figures), 0) / all.length;
    const floor = all.every((figures) => figures.acceptedTrulyInPromise >= PROMISE_FLOOR);
    const rollouts = average((figures) => figures.rolloutsPerTask);
    const inBand = average((figures) => figures.tasksTrulyInBand);
    rules[name] = {
      ...row,
      meanTasksTrulyInPromise: round(average((figures) => figures.tasksTrulyInPromise)),
      meanTasksTrulyInBand: round(inBand),
      meanRolloutsPerTask: Math.round(rollouts),
      promiseFloorMet: floor,
    };
    if (candidate) scored.push({ name, floor, ceiling: rollouts <= ROLLOUT_CEILING, inBand, rollouts });
  }
  const both = scored
    .filter((rule) => rule.floor && rule.ceiling)
    .sort((left, right) => right.inBand - left.inBand || left.rollouts - right.rollouts);
  const fallback = scored.filter((rule) => rule.floor).sort((left, right) => left.rollouts - right.rollouts);
  return {
    decisionRuleToleranceSimulation: {
      tasksPerSeed: tasks,
      seeds: SEEDS,
      tolerance: TOLERANCE,
      rules,
      selection: `accepted or skipped truly in [lo − ${TOLERANCE}, hi + ${TOLERANCE}] ≥ ${PROMISE_FLOOR} under every model and rollouts per task (baseline included) ≤ ${ROLLOUT_CEILING} on average, then the most tasks truly in [lo, hi] (else: the floor, then the fewest rollouts)`,
      chosen: (both[0] ?? fallback[0])?.name ?? null,
      bothMet: both.length > 0,
    },
  };
}

export function round(value: number): number {
  return Number(value.toFixed(3));
}
