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
const onlyIndex = process.argv.indexOf("--only");
/** `--only a,b`: run just these sections (names below); every section by default. */
const only = onlyIndex >= 0 ? new Set((process.argv[onlyIndex + 1] ?? "").split(",").filter(Boolean)) : undefined;
const log = (text: string) => process.stderr.write(`${text}\n`);
const figures: Record<string, unknown> = { date: new Date().toISOString(), node: process.version };

/** One named part of the bench: what it measures (logged) and the figures it returns. */
interface BenchSection {
  name: string;
  title: string;
  run: () => Promise<Record<string, unknown>>;
}

let curriculumRunDirectory: string | undefined;
const sections: BenchSection[] = [
  { name: "bugfix", title: "BugFix throughput", run: () => benchBugfix() },
  { name: "toy24", title: "Toy24 raw steps", run: benchToy24Raw },
  { name: "textworld", title: "TextWorld / Zork steps", run: benchTextworld },
  { name: "round-trip", title: "isolate round trip", run: benchIsolateRoundTrip },
  { name: "toy24-harness", title: "Toy24 through sandboxed stacks", run: benchToy24Harness },
  { name: "component", title: "component check and load", run: benchComponentTiming },
  {
    name: "curriculum",
    title: "curriculum: 20 BugFix tasks at concurrency 1 and 2",
    run: async () => {
      const curriculum = benchCurriculum();
      curriculumRunDirectory = curriculum.run.runDirectory;
      return curriculum.figures;
    },
  },
  {
    name: "calibration",
    title: "calibration (short): BugFix hasty at one seed, K=100 fresh rollouts (the full one: npm run bench:calibration)",
    run: () => benchCalibration(),
  },
];
if (only) {
  const unknown = [...only].filter((name) => !sections.some((section) => section.name === name));
  if (unknown.length > 0) {
    log(`unknown bench section(s): ${unknown.join(", ")}; known: ${sections.map((section) => section.name).join(", ")}`);
    process.exit(2);
  }
}
for (const section of sections) {
  if (only && !only.has(section.name)) continue;
  log(`${section.title} …`);
  Object.assign(figures, await section.run());
}

// Ratios read against the floors measured in this same run.
const raw = figures.toy24RawMicrosecondsPerStep as number | undefined;
const oneRules = figures.toy24OneRulesLayerMicrosecondsPerStep as number | undefined;
const floor = figures.isolateRoundTripMicroseconds as number | undefined;
if (raw !== undefined && oneRules !== undefined && floor !== undefined) {
  figures.rulesLayerOverheadMicrosecondsPerStep = Number((oneRules - raw).toFixed(3));
  figures.rulesLayerOverheadOverFloor = Number(((oneRules - raw) / (ROUND_TRIPS_PER_RULES_STEP * floor)).toFixed(2));
}

if (json) {
  process.stdout.write(`${JSON.stringify(figures)}\n`);
} else {
  for (const [key, value] of Object.entries(figures)) process.stdout.write(`${key.padEnd(44)} ${typeof value === "object" ? JSON.stringify(value) : value}\n`);
}
