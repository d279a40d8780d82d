import { benchBugfix } from "./bugfix-throughput.js";
import { benchCalibration } from "./calibration.js";
import { benchCurriculum } from "./curriculum-bench.js";
import { benchComponentTiming } from "./component-timing.js";
import { benchIsolateRoundTrip } from "./isolate-round-trip.js";
import { benchTextworld } from "./textworld-step.js";
import { benchToy24Harness, ROUND_TRIPS_PER_RULES_STEP } from "./toy24-harness.js";
import { benchToy24Raw } from "./toy24-step.js";

/**
 * `npm run bench [-- --json]`: every figure measured in this one run, printed as one JSON
 * object (`--json`) or as a table. See bench/README.md for what each figure means.
 */
const json = process.argv.includes("--json");
const log = (text: string) => process.stderr.write(`${text}\n`);
const figures: Record<string, unknown> = { date: new Date().toISOString(), node: process.version };
log("BugFix throughput …");
Object.assign(figures, await benchBugfix());
log("Toy24 raw steps …");
Object.assign(figures, await benchToy24Raw());
log("TextWorld / Zork steps …");
Object.assign(figures, await benchTextworld());
log("isolate round trip …");
Object.assign(figures, await benchIsolateRoundTrip());
log("Toy24 through sandboxed stacks …");
Object.assign(figures, await benchToy24Harness());
log("component check and load …");
Object.assign(figures, await benchComponentTiming());

log("curriculum: 20 BugFix tasks at concurrency 1 and 2 …");
const curriculum = benchCurriculum();
Object.assign(figures, curriculum.figures);
log("calibration: fresh K=100 rollouts before/after, every persona and Toy24 greedy …");
Object.assign(figures, await benchCalibration(curriculum.run.runDirectory));

// Ratios read against the floors measured in this same run.
const raw = figures.toy24RawMicrosecondsPerStep as number;
const oneRules = figures.toy24OneRulesLayerMicrosecondsPerStep as number;
const floor = figures.isolateRoundTripMicroseconds as number;
figures.rulesLayerOverheadMicrosecondsPerStep = Number((oneRules - raw).toFixed(3));
figures.rulesLayerOverheadOverFloor = Number(((oneRules - raw) / (ROUND_TRIPS_PER_RULES_STEP * floor)).toFixed(2));

if (json) {
  process.stdout.write(`${JSON.stringify(figures)}\n`);
} else {
  for (const [key, value] of Object.entries(figures)) process.stdout.write(`${key.padEnd(44)} ${typeof value === "object" ? JSON.stringify(value) : value}\n`);
}
