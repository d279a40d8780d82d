import { existsSync, readFileSync } from "node:fs";
import {
  appendRecord,
  aggregate,
  calibrate,
  CALIBRATION_CURRICULA,
  type CalibrationCurriculum,
  type CalibrationRecord,
} from "./calibration.js";

/**
 * `npm run bench:calibration [-- --only a,b] [--seeds 1,2,3] [--record file.jsonl] [--json]`:
 * every calibration curriculum (see CALIBRATION_CURRICULA) at each seed — rigged at 2
 * lanes, then K = 100 fresh rollouts per task — plus the winner's-curse ablation
 * (`bugfix-*-no-confirm`, the confirmation batch off) and the TextWorld steps band
 * (`textworld-steps`, one seed), seed-major. Each (curriculum, seed) record is appended to
 * `--record` as it finishes, and a rerun skips those already there; the aggregate (mean
 * and worst over seeds) is printed at the end.
 */
const argument = (name: string) => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
};
const seeds = (argument("--seeds") ?? "1,2,3").split(",").map(Number);
const recordPath = argument("--record") ?? "runs/bench-calibration.jsonl";
const only = argument("--only")?.split(",");
const log = (text: string) => process.stderr.write(`${new Date().toISOString()} ${text}\n`);

const ablations: CalibrationCurriculum[] = CALIBRATION_CURRICULA.filter(
  (curriculum) => curriculum.env === "bugfix",
).map((curriculum) => ({
  ...curriculum,
  name: `${curriculum.name}-no-confirm`,
  config: { ...curriculum.config, confirmationEpisodes: 0 },
}));
/**
 * A steps band most noisy-walkthrough baselines miss: chosen from a 10-episode baseline per
 * task before rigging (5 of 27 tasks had mean turns in [12, 18] — near the paper's 18%).
 */
const steps: CalibrationCurriculum = {
  name: "textworld-steps",
  env: "textworld",
  policy: "noisy-walkthrough",
  config: { split: "train", target: { stepsBand: [12, 18] } },
  before: true,
  timeoutMs: 4 * 3600_000,
};
/**
 * `--rules before,after,paper` (default before,after): `after` is the default rule; `before`
 * the check rule the posterior rule replaced (a fresh 100-rollout check at 0.9, cap 400, 20
 * confirmation episodes, no tolerance; records named `<curriculum>-before`); `paper` the
 * paper's rule (`--rule paper`; records `<curriculum>-paper`), so one run reports cost and trust of each.
 */
const rules = (argument("--rules") ?? "before,after").split(",");
const beforeRule = (curriculum: CalibrationCurriculum): CalibrationCurriculum => ({
  ...curriculum,
  name: `${curriculum.name}-before`,
  config: { ...curriculum.config, checkRollouts: 100, kMax: 400, confirmationEpisodes: 20, tolerance: 0 },
});
const paperRule = (curriculum: CalibrationCurriculum): CalibrationCurriculum => ({
  ...curriculum,
  name: `${curriculum.name}-paper`,
  config: { ...curriculum.config, rule: "paper" },
});
const main = [...CALIBRATION_CURRICULA, ...ablations, steps];
const all = [
  ...(rules.includes("after") ? main : []),
  ...(rules.includes("before") ? main.map(beforeRule) : []),
  ...(rules.includes("paper") ? main.map(paperRule) : []),
];
const chosen = only ? all.filter((curriculum) => only.includes(curriculum.name)) : all;
// Records already in the file (an earlier, interrupted run) are kept, not measured again.
const records: CalibrationRecord[] = existsSync(recordPath)
  ? readFileSync(recordPath, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as CalibrationRecord)
      .filter((record) => chosen.some((curriculum) => curriculum.name === record.curriculum))
  : [];
// Seed-major: every curriculum at the first seed before any at the second, so a run cut short still covers them all.
for (const seed of seeds) {
  for (const curriculum of chosen) {
    if (curriculum.env === "textworld" && seed !== seeds[0]) continue;
    if (records.some((record) => record.curriculum === curriculum.name && record.seed === seed)) continue;
    log(`${curriculum.name} seed ${seed} …`);
    const record = await calibrate(curriculum, seed);
    appendRecord(recordPath, { at: new Date().toISOString(), ...record });
    records.push(record);
    log(
      `${curriculum.name} seed ${seed}: in band after ${record.inBandAfter.toFixed(2)}, accepted truly in band ${record.acceptedTrulyInBand?.toFixed(2) ?? "-"}, decided truly within the tolerance ${record.decidedTrulyInPromise?.toFixed(2) ?? "-"}, rollouts/task ${record.rolloutsPerTask.toFixed(1)} (worst ${record.worstTaskRollouts}), env steps/task ${record.envStepsPerTask ?? "-"}, rig s/task ${record.wallSecondsPerTask ?? "-"}, ${record.wallSeconds} s`,
    );
  }
}
const summary = Object.fromEntries(
  chosen.map((curriculum) => [
    curriculum.name,
    aggregate(records.filter((record) => record.curriculum === curriculum.name)),
  ]),
);
process.stdout.write(`${JSON.stringify(summary, null, process.argv.includes("--json") ? undefined : 2)}\n`);
