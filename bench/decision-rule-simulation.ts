import { DEFAULT_DECISION_POLICY, type DecisionPolicy } from "../src/rigger/decision-rule.js";
import { simulateCalibration, type CandidateModel } from "../src/testing/simulated-validation.js";

/** The rules compared: the chosen default and the alternatives the choice was made against. */
const RULES: Array<{ name: string; policy: DecisionPolicy }> = [
  { name: "posterior 0.9, cap 120, confirm 20 (previous default)", policy: { ...DEFAULT_DECISION_POLICY, checkRollouts: 0, kMax: 120 } },
  { name: "posterior 0.95, cap 300, confirm 20", policy: { ...DEFAULT_DECISION_POLICY, checkRollouts: 0, confidence: 0.95 } },
  { name: "check-100 predictive 0.85, cap 300, confirm 20", policy: { ...DEFAULT_DECISION_POLICY, confidence: 0.85 } },
  { name: "check-100 predictive 0.9, cap 300, confirm 0", policy: { ...DEFAULT_DECISION_POLICY, confirmationEpisodes: 0 } },
  { name: "check-100 predictive 0.9, cap 300, confirm 20 (default)", policy: DEFAULT_DECISION_POLICY },
];

/**
 * The decision rule in simulation (issue 14): for each rule and each candidate model
 * (`independent`, `search`; see `simulateCalibration`), `tasks` simulated tasks of up to 6
 * candidates on the band [0.4, 0.6], each accepted stack measured on a fresh 100-rollout
 * check — the fraction of accepted stacks truly in band, the fraction measured in band (what
 * the calibration bench reports), the fraction of tasks measured in band, and validation
 * rollouts per task. Seeded (deterministic); the default rule was chosen from these figures.
 */
export async function benchDecisionRuleSimulation(tasks = 1000) {
  const figures: Record<string, unknown> = {};
  for (const { name, policy } of RULES) {
    for (const model of ["independent", "search"] as CandidateModel[]) {
      const result = simulateCalibration(policy, model, { tasks, seed: 2026 });
      figures[`${name} / ${model}`] = {
        accepted: Number(result.accepted.toFixed(3)),
        acceptedTrulyInBand: Number(result.acceptedTrulyInBand.toFixed(3)),
        acceptedMeasuredInBand: Number(result.acceptedMeasuredInBand.toFixed(3)),
        tasksMeasuredInBand: Number(result.tasksMeasuredInBand.toFixed(3)),
        rolloutsPerTask: Math.round(result.rolloutsPerTask),
      };
    }
  }
  return { decisionRuleSimulation: figures };
}
