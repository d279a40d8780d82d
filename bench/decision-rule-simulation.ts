import { CHECK_DECISION_POLICY, DEFAULT_DECISION_POLICY, type DecisionPolicy } from "../src/rigger/decision-rule.js";
import type { AbandonmentRule } from "../src/rigger/early-abandonment.js";
import { mixturePoolings, type MixturePooling } from "../src/rigger/mixture-posterior.js";
import { simulateDoseResponseCalibration, type DoseAim } from "../src/testing/simulated-dose-response.js";
import { simulateMixtureCalibration, type MixtureModel } from "../src/testing/simulated-mixture.js";
import { simulateCalibration, type CandidateModel } from "../src/testing/simulated-validation.js";

/**
 * The default rule's settings without early abandonment (each rule below names its own) and
 * without a tolerance: this section is issue 21's, on the band itself (issue 32's is
 * `decision-rule-tolerance`).
 */
const { abandon: _defaultAbandonment, ...WITH_ABANDONMENT_OFF } = DEFAULT_DECISION_POLICY;
const WITHOUT_ABANDONMENT = { ...WITH_ABANDONMENT_OFF, tolerance: 0, stepsTolerance: 0 };

/** A rule on the posterior of the true rate (`checkRollouts` 0) at confidence 0.9, without early abandonment. */
function trueRate(refineConfidence: number, kMax: number, confirmationEpisodes: number, pooling: MixturePooling) {
  return {
    name: `true rate 0.9, refine ${refineConfidence}, cap ${kMax}, confirm ${confirmationEpisodes}, pool ${pooling}`,
    policy: {
      ...WITHOUT_ABANDONMENT,
      checkRollouts: 0,
      confidence: 0.9,
      refineConfidence,
      kMax,
      confirmationEpisodes,
      pooling,
    },
  };
}

/** The rule on the true rate at 0.9 (refine 0.9, confirm 0, off-side pooling) with early abandonment (issue 21). */
function abandoning(rule: AbandonmentRule, kMax: number) {
  const base = trueRate(0.9, kMax, 0, "off-side");
  const what = rule.kind === "floor" ? `P(in band) < ${rule.below}` : `chance to pass by the cap < ${rule.below}`;
  return {
    name: `${base.name}, abandon when ${what} after ${rule.after}${rule.templates ? " or the template's ends cannot bracket the band" : ""}`,
    policy: { ...base.policy, abandon: rule },
  };
}

/**
 * The rules compared: the check rule before, a grid of rules on the true rate, and (issue 21,
 * written before the figures were read) that rule with early abandonment: on the posterior in
 * band below a floor, or on the chance to pass by the cap below a floor, with and without the
 * template check, at caps 200 and 400.
 */
const RULES: Array<{ name: string; policy: DecisionPolicy }> = [
  { name: "check 100 at 0.9, refine 0.975, cap 400, confirm 20 (before)", policy: CHECK_DECISION_POLICY },
  ...[0.9, 0.975].flatMap((refine) =>
    [0, 10, 20].flatMap((confirm) => mixturePoolings.map((pooling) => trueRate(refine, 200, confirm, pooling))),
  ),
  ...[0.3, 0.5].map((below) => abandoning({ kind: "floor", below, after: 20, templates: true }, 200)),
  ...[200, 400].flatMap((kMax) =>
    [0.05, 0.1, 0.2].map((below) => abandoning({ kind: "futility", below, after: 20, templates: true }, kMax)),
  ),
  abandoning({ kind: "futility", below: 0.1, after: 20, templates: false }, 200),
];

const MODELS: CandidateModel[] = ["independent", "search", "aimed"];
const MIXTURE_MODELS: MixtureModel[] = ["linear", "state-only", "non-linear"];
const SEEDS = [2026, 2027, 2028];
/**
 * The selection, fixed in code before the figures were read (issue 21): the promise is on
 * the true rate, so among the rules whose accepted stacks are truly in band at least
 * {@link ACCEPTED_FLOOR} of the time under every candidate model of both simulations (pooled
 * over the seeds; 0.01 above the promise) and whose tasks are truly in band at least
 * {@link TASKS_FLOOR} of the time on average over the models, the one with the fewest
 * validation rollouts per task (averaged over all six models). When no rule meets both
 * floors: the one meeting the first with the most tasks truly in band.
 */
const ACCEPTED_FLOOR = 0.91;
const TASKS_FLOOR = 0.85;

interface ModelFigures {
  accepted: number;
  acceptedTrulyInBand: number;
  tasksTrulyInBand: number;
  rolloutsPerTask: number;
}

/** Pooled over the seeds (accepted-in-band weighted by each seed's accepted count). */
function pooledOverSeeds(runs: Array<Omit<ModelFigures, "acceptedTrulyInBand">>): ModelFigures {
  const mean = (pick: (run: (typeof runs)[number]) => number) =>
    runs.reduce((total, run) => total + pick(run), 0) / runs.length;
  const accepted = mean((run) => run.accepted);
  return {
    accepted: round(accepted),
    acceptedTrulyInBand: round(accepted === 0 ? 0 : mean((run) => run.tasksTrulyInBand) / accepted),
    tasksTrulyInBand: round(mean((run) => run.tasksTrulyInBand)),
    rolloutsPerTask: Math.round(mean((run) => run.rolloutsPerTask)),
  };
}

/**
 * The decision rule in simulation (issues 14 and 21). Two simulations of `tasks` tasks per
 * seed (three seeds, pooled), up to 6 candidates per task, band [0.4, 0.6], batches of 5:
 * Bernoulli candidates drawn without a template (`independent`, `search`, `aimed`; see
 * `simulateCalibration`), and the search of one mixture template (`linear`, `state-only`,
 * `non-linear`; see `simulateMixtureCalibration`) where pooling applies. Per rule and model:
 * the fraction of tasks accepted, of accepted stacks truly in band, of all tasks truly in
 * band, and validation rollouts per task — and the rule the selection picks. Seeded.
 */
export async function benchDecisionRuleSimulation(tasks = 200) {
  const figures: Record<string, Record<string, unknown>> = {};
  const scored: Array<{
    name: string;
    floors: boolean;
    acceptedFloor: boolean;
    tasksInBand: number;
    rollouts: number;
  }> = [];
  // The Bernoulli simulation does not read `pooling`: one run per rule without it.
  const bernoulli = new Map<string, Record<string, ModelFigures>>();
  for (const { name, policy } of RULES) {
    const key = JSON.stringify({ ...policy, pooling: null });
    let row = bernoulli.get(key);
    if (!row) {
      row = {};
      for (const model of MODELS)
        row[model] = pooledOverSeeds(SEEDS.map((seed) => simulateCalibration(policy, model, { tasks, seed })));
      bernoulli.set(key, row);
    }
    const mixture: Record<string, ModelFigures> = {};
    for (const model of MIXTURE_MODELS)
      mixture[model] = pooledOverSeeds(
        SEEDS.map((seed) => simulateMixtureCalibration(policy, model, { tasks, seed, pooling: policy.pooling })),
      );
    const all = [...Object.values(row), ...Object.values(mixture)];
    const acceptedFloor = all.every((model) => model.acceptedTrulyInBand >= ACCEPTED_FLOOR);
    const tasksInBand = all.reduce((total, model) => total + model.tasksTrulyInBand, 0) / all.length;
    const rollouts = all.reduce((total, model) => total + model.rolloutsPerTask, 0) / all.length;
    figures[name] = {
      ...row,
      ...mixture,
      meanTasksTrulyInBand: round(tasksInBand),
      meanRolloutsPerTask: Math.round(rollouts),
      acceptedFloorMet: acceptedFloor,
    };
    scored.push({ name, acceptedFloor, floors: acceptedFloor && tasksInBand >= TASKS_FLOOR, tasksInBand, rollouts });
  }
  const both = scored.filter((rule) => rule.floors).sort((left, right) => left.rollouts - right.rollouts);
  const fallback = scored
    .filter((rule) => rule.acceptedFloor)
    .sort((left, right) => right.tasksInBand - left.tasksInBand);
  const chosen = (both[0] ?? fallback[0])?.name ?? null;
  return {
    decisionRuleSimulation: {
      tasksPerSeed: tasks,
      rules: figures,
      monotoneKnob: monotoneKnobFigures(tasks, chosen),
      selection: `accepted truly in band ≥ ${ACCEPTED_FLOOR} under every model and tasks truly in band ≥ ${TASKS_FLOOR} on average, then the fewest rollouts per task (else: the first floor, then the most tasks truly in band)`,
      chosen,
      bothFloorsMet: both.length > 0,
    },
  };
}

const DOSE_AIMS: DoseAim[] = ["bracket", "isotonic", "isotonic-prior"];

/**
 * A seventh model, added after the six-model selection had been read and kept out of it: one
 * template with a monotone knob that is not a mixture (`simulateDoseResponseCalibration`),
 * aimed by the bracket search, by the isotonic dose-response fit, and by the fit used as a
 * prior too — under the previous default and the rule the selection chose.
 */
function monotoneKnobFigures(tasks: number, chosen: string | null) {
  const rules = RULES.filter(
    (rule) => rule.name === chosen || rule.name === "true rate 0.9, refine 0.9, cap 200, confirm 0, pool off-side",
  );
  return Object.fromEntries(
    rules.flatMap(({ name, policy }) =>
      DOSE_AIMS.map((aim) => [
        `${name}; aim ${aim}`,
        pooledOverSeeds(SEEDS.map((seed) => simulateDoseResponseCalibration(policy, aim, { tasks, seed }))),
      ]),
    ),
  );
}

function round(value: number): number {
  return Number(value.toFixed(3));
}
