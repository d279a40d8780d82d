import { createRng } from "../core/seeding.js";
import type { DosePoint } from "../designer/dose-response.js";
import {
  aimSharedDose,
  fitSharedDoseResponse,
  sharedDosePrior,
  type TaskProbe,
} from "../designer/shared-dose-response.js";
import type { Target } from "../designer/target.js";
import type { DecisionPolicy } from "../rigger/decision-rule.js";
import { nextDose } from "./simulated-dose-response.js";
import { calibrationFigures, type SimulatedMixtureCalibration } from "./simulated-mixture.js";
import { simulateValidation } from "./simulated-validation.js";

/**
 * How the tasks of {@link simulateTaskSearch} respond to the designer's knob x ∈ [0, 1] and how it aims:
 * - `aimed`: no knob — the first candidate's rate uniform on [0.1, 0.9], each next one the last
 *   moved by 0.8 × (0.5 − the last validation's estimate) plus N(0, 0.05) (what the rule saw);
 * - `dose`: one template per task, success from the baseline's rate at x = 0 to U[0, 0.3] at
 *   x = 1 along a logistic step of random midpoint (0.2–0.8) and steepness (4–24); the first x
 *   aimed from the baseline as if the curve were a line, each next where the monotone fit of
 *   the task's own probes crosses the band's middle;
 * - `cross-task`: tasks of one env (`tasksPerEnv` in a row) share the template's curve up to a
 *   task-level shift of x (N(0, 0.08)); each task's baseline rate is its own. The first x is
 *   aimed where the monotone fit of every earlier task's probes of this env — each as its
 *   rate relative to its task's measured baseline — predicts the band's middle relative to
 *   this task's baseline (as `dose` while there is none); each next as `dose`;
 * - `cross-task-wide`: as `cross-task` with a task-level shift of N(0, 0.25): tasks share
 *   the curve's shape only loosely;
 * - `unshared`: every task's curve its own (as `dose`), yet the first x aimed from the earlier
 *   tasks' probes as in `cross-task` — a designer that assumes a shared curve where none is.
 */
export type TaskSearchModel = "aimed" | "dose" | "cross-task" | "cross-task-wide" | "unshared";

/** The task-level shift of the knob (standard deviation) of each model whose tasks share a curve. */
const SHIFT: Partial<Record<TaskSearchModel, number>> = { "cross-task": 0.08, "cross-task-wide": 0.25 };

/**
 * A curriculum of `tasks` tasks under `policy` (the real {@link decide}, batches of 5): each
 * task's baseline (rate U[0.65, 0.98]) is observed under the rule first, as the observe node
 * does — its rollouts counted, the task skipped when the rule passes it — then up to
 * `candidates` candidates aimed by `model`. Counts a task accepted or skipped with its true
 * rate, in the band and in the band widened by `tolerance`, and every rollout (the
 * baseline's included). `aimPriorEpisodes` > 0: a first candidate aimed from the earlier
 * tasks' probes carries the shared curve's prediction as prior evidence
 * ({@link sharedDosePrior}), capped at that many pseudo-episodes, as the validate node does.
 * Seeded: the same arguments give the same figures.
 */
export function simulateTaskSearch(
  policy: DecisionPolicy,
  model: TaskSearchModel,
  options: {
    tasks: number;
    seed: number;
    tolerance: number;
    candidates?: number;
    tasksPerEnv?: number;
    aimPriorEpisodes?: number;
  },
): SimulatedMixtureCalibration {
  const band: [number, number] = [0.4, 0.6];
  const target: Target = { successBand: band };
  const middle = 0.5;
  const random = createRng(options.seed).next;
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const clamp = (value: number, low = 0.02, high = 0.98) => Math.min(high, Math.max(low, value));
  const counts = { tasks: options.tasks, accepted: 0, trulyIn: 0, trulyInPromise: 0, rollouts: 0, worst: 0 };
  const count = (rate: number) => {
    counts.accepted += 1;
    if (rate >= band[0] && rate <= band[1]) counts.trulyIn += 1;
    if (rate >= band[0] - options.tolerance && rate <= band[1] + options.tolerance) counts.trulyInPromise += 1;
  };
  const perEnv = options.tasksPerEnv ?? 20;
  let curve = { midpoint: 0.5, steepness: 10 };
  /** The earlier tasks' probes of this env, each with its task's measured baseline. */
  let relative: TaskProbe[] = [];
  for (let task = 0; task < options.tasks; task += 1) {
    if (task % perEnv === 0) {
      curve = { midpoint: 0.2 + 0.6 * random(), steepness: 4 + 20 * random() };
      relative = [];
    }
    const off = 0.65 + 0.33 * random();
    const on = 0.3 * random();
    const shift = (SHIFT[model] ?? 0) * normal();
    const ownCurve = model === "dose" || model === "unshared";
    const midpoint = ownCurve ? 0.2 + 0.6 * random() : curve.midpoint + shift;
    const steepness = ownCurve ? 4 + 20 * random() : curve.steepness;
    const logistic = (x: number) => 1 / (1 + Math.exp(-steepness * (x - midpoint)));
    const [at0, at1] = [logistic(0), logistic(1)];
    const rateAt = (x: number) => clamp(off + (on - off) * ((logistic(x) - at0) / (at1 - at0)), 0, 1);
    const baseline = simulateValidation(off, target, policy, random);
    let spent = baseline.episodes;
    if (baseline.decision === "accept") count(off);
    else {
      const measuredOff = Math.max(baseline.estimate, 0.01);
      const points: DosePoint[] = [
        { magnitude: 0, successes: Math.round(baseline.estimate * baseline.episodes), episodes: baseline.episodes },
      ];
      const first = firstDose(model, relative, measuredOff, middle);
      let x = first.dose;
      let rate = model === "aimed" ? 0.1 + 0.8 * random() : rateAt(x);
      const cap = options.aimPriorEpisodes ?? 0;
      const shared =
        first.shared && cap > 0 ? sharedDosePrior(relative, { baselineRate: measuredOff, position: x }) : null;
      for (let candidate = 0; candidate < (options.candidates ?? 6); candidate += 1) {
        const prior =
          candidate === 0 && shared ? { prior: { ...shared, episodes: Math.min(cap, shared.episodes) } } : {};
        const validation = simulateValidation(rate, target, policy, random, 5, prior);
        spent += validation.episodes;
        const successes = Math.round(validation.estimate * validation.episodes);
        // Every candidate that ran is evidence for the later tasks, the accepted one too (as `measurementsOfAttempts` records).
        relative.push({
          task: String(task),
          position: x,
          successes,
          episodes: validation.episodes,
          baselineRate: measuredOff,
        });
        if (validation.decision === "accept") {
          count(rate);
          break;
        }
        points.push({ magnitude: x, successes, episodes: validation.episodes });
        if (model === "aimed") rate = clamp(rate - 0.8 * (validation.estimate - middle) + 0.05 * normal());
        else {
          x = nextDose(points, "isotonic", middle);
          rate = rateAt(x);
        }
      }
    }
    counts.rollouts += spent;
    counts.worst = Math.max(counts.worst, spent);
  }
  return calibrationFigures(counts);
}

/**
 * The first candidate's knob (see {@link TaskSearchModel}): from the env's earlier tasks when
 * the model shares a curve — the product's shared fit ({@link fitSharedDoseResponse}) — else
 * from the baseline alone.
 */
function firstDose(
  model: TaskSearchModel,
  relative: readonly TaskProbe[],
  measuredOff: number,
  middle: number,
): { dose: number; shared: boolean } {
  const fromBaseline = { dose: Math.min(0.98, Math.max(0.02, (measuredOff - middle) / measuredOff)), shared: false };
  if (model === "aimed" || model === "dose" || relative.length === 0) return fromBaseline;
  const crossing = aimSharedDose(fitSharedDoseResponse(relative), { baselineRate: measuredOff, rate: middle });
  return crossing === null ? fromBaseline : { dose: Math.max(0.02, crossing), shared: true };
}
