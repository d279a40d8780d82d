import { benchBugfix } from "./bugfix-throughput.js";
import { benchCalibration } from "./calibration.js";
import { benchCurriculum } from "./curriculum-bench.js";
import { benchComponentTiming } from "./component-timing.js";
import { benchIsolateRoundTrip } from "./isolate-round-trip.js";
import { benchTextworld } from "./textworld-step.js";
import { benchTextworldNative } from "./textworld-native.js";
import { benchTextworldCurriculum } from "./textworld-curriculum.js";
import { benchToy24Harness } from "./toy24-harness.js";
import { benchToy24Raw } from "./toy24-step.js";
import { benchSkills } from "./skills-bench.js";
import { benchRolloutConcurrency } from "./rollout-concurrency.js";
import { benchLlmCost } from "./llm-cost.js";
import { benchQueueThroughput } from "./queue-throughput.js";
import { benchServe } from "./serve-throughput.js";
import { benchServeScale } from "./serve-scale.js";
import { benchMiniwob, benchMiniwobBaseline, benchMiniwobCheck } from "./miniwob-bench.js";
import { benchMiniwobCurriculum } from "./miniwob-curriculum.js";
import { benchMiniwobDeterminism } from "./miniwob-determinism.js";
import { benchExperiment, benchTrainStep } from "./training-bench.js";
import { benchCoevolutionCost } from "./coevolution-cost.js";
import { benchCliStartup } from "./cli-startup.js";
import { benchFreshClone } from "./fresh-clone.js";
import { benchDecisionRuleSimulation } from "./decision-rule-simulation.js";
import { benchDecisionRuleToleranceSimulation } from "./decision-rule-tolerance-simulation.js";
import { benchAimPriorSimulation } from "./aim-prior-simulation.js";
import { benchRiggingBreakdown } from "./rigging-breakdown.js";
import { benchRepoRunner } from "./repo-runner.js";
import { benchRepoTasks, benchRepoTasksOracle, benchUnseenRepository } from "./repo-bench.js";
import { benchOwnRepository } from "./repo-own.js";
import { benchCommit, currentLoad, writeBenchResult } from "./result-file.js";
import { availableParallelism } from "node:os";
import { benchOpenEnvReference } from "./openenv-reference.js";

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
  {
    name: "textworld-native",
    title: "TextWorld / Zork I: our interpreter against native dfrotz, CPU per turn and per reset",
    run: benchTextworldNative,
  },
  {
    name: "textworld-curriculum",
    title: "TextWorld curriculum: 27 train tasks, noisy-walkthrough, 2 lanes, seed 1 (rollouts per task, wall, CPU)",
    run: benchTextworldCurriculum,
  },
  {
    name: "coevolution-cost",
    title:
      "co-evolution: rigging against training episodes on Toy24 and TextWorld, candidates validated by rigging and by the training groups (seed 1)",
    run: benchCoevolutionCost,
  },
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
    title:
      "calibration (short): BugFix hasty at one seed, K=100 fresh rollouts (the full one: npm run bench:calibration)",
    run: () => benchCalibration(),
  },
  {
    name: "skills",
    title:
      "skills: verify-before-finishing mined from accepted hasty stacks vs the same number of original-env episodes",
    run: () => benchSkills(curriculumRunDirectory),
  },
  {
    name: "rollout-concurrency",
    title: "one rig task with an LLM policy (100 ms per answer) at --rollout-concurrency 16 and 1",
    run: benchRolloutConcurrency,
  },
  {
    name: "llm-cost",
    title:
      "cost of an LLM-policy curriculum (4 BugFix tasks, local scripted server): check rule vs default rule, tokens per accepted env",
    run: benchLlmCost,
  },
  {
    name: "queue",
    title: "distributed rollouts: a Toy24 batch locally and on 1 and 2 worker processes (loopback Redis)",
    run: benchQueueThroughput,
  },
  {
    name: "serve",
    title: "envrigger serve: BugFix steps/s over loopback (1 and 16 sessions) and 64 idle sessions",
    run: () => benchServe(),
  },
  {
    name: "serve-scale",
    title:
      "envrigger serve at trainer scale: 1/16/64/256 sessions of the bare env and one- and three-Rules-layer stacks (reset, step p50/p99, RSS), four looping hooks beside a fifth session",
    run: () =>
      benchServeScale(
        (process.env.ENVRIGGER_BENCH_SERVE_SIZES ?? "1,16,64,256").split(",").filter(Boolean).map(Number),
      ),
  },
  {
    name: "miniwob",
    title: "MiniWoB++ in Chromium: ms per step and reset, episodes/s with 1 and 2 browsers",
    run: benchMiniwob,
  },
  { name: "miniwob-check", title: "MiniWoB++: checkEnv on every listed task", run: benchMiniwobCheck },
  {
    name: "miniwob-baseline",
    title: "MiniWoB++: dom-heuristic and random-web per task, train and held-out",
    run: () => benchMiniwobBaseline(),
  },
  {
    name: "miniwob-determinism",
    title:
      "MiniWoB++: baseline over all tasks (3 episodes, seed 4) alone, then twice side by side beside a busy process per core: byGroup compared",
    run: () => benchMiniwobDeterminism(),
  },
  {
    name: "miniwob-curriculum",
    title: "MiniWoB++: curriculum with dom-heuristic on train tasks, fresh rollouts before/after",
    run: () => benchMiniwobCurriculum(),
  },
  {
    name: "train-step",
    title: "GRPO train-step throughput, learnable policy on BugFix, one core",
    run: () => benchTrainStep(),
  },
  {
    name: "experiment",
    title: "experiment --env bugfix --seeds 3 (original vs co-evolved harness), wall time",
    run: () => benchExperiment("evaluation"),
  },
  {
    name: "experiment-public",
    title: "experiment --env bugfix --seeds 3 --reward public (reward hacking), wall time",
    run: () => benchExperiment("public"),
  },
  {
    name: "startup",
    title: "CLI start-up: envrigger envs --json and --help beside a bare node -e 0",
    run: async () => benchCliStartup(),
  },
  {
    name: "fresh-clone",
    title:
      "a fresh clone: npm ci (wall, CPU), then npm start to its first line, the launcher's --help and the README's baseline, beside a first npx envrigger --help (long: npm ci builds native modules)",
    run: () => benchFreshClone(),
  },
  {
    name: "openenv-reference",
    title:
      "OpenEnv's one-session grid_world_env at its defaults: baseline and rig at the default rollout concurrency and at 1 (errored episodes, success, candidates rejected)",
    run: () => benchOpenEnvReference(),
  },
  {
    name: "decision-rule-simulation",
    title:
      "decision rule in simulation: accepted stacks in band on a fresh 100-rollout check, per rule, and rollouts per task",
    run: () => benchDecisionRuleSimulation(),
  },
  {
    name: "decision-rule-tolerance",
    title:
      "decision rule with a tolerance in simulation (issue 32): tasks truly in [lo − ε, hi + ε] and in [lo, hi], rollouts per task with the baseline, per rule, beside the paper's rule",
    run: () => benchDecisionRuleToleranceSimulation(),
  },
  {
    name: "aim-prior",
    title:
      "the shared dose-response's aim as prior evidence in the rule, in simulation: per cap on its pseudo-episodes, tasks truly in [lo − ε, hi + ε] and in [lo, hi], rollouts per task, and the cap the selection picks",
    run: () => benchAimPriorSimulation(),
  },
  {
    name: "rigging-breakdown",
    title:
      "where a rigged task's rollouts go under the default rule: baseline, first candidate, later candidates, per calibration curriculum (BugFix, Toy24) and seed",
    run: () => benchRiggingBreakdown(),
  },
  {
    name: "repo-runner",
    title:
      "repo runner on the 11 bundled repositories: workspace reset, test-run overhead over the runner's own time, oracle episodes",
    run: benchRepoRunner,
  },
  {
    name: "repo-tasks",
    title:
      "repo: validated tasks per source, oracle and submit-at-once on a sample (ENVRIGGER_BENCH_REPO_SAMPLE per repository and source)",
    run: benchRepoTasks,
  },
  {
    name: "repo-tasks-oracle",
    title:
      "repo: the oracle through the env on every checked-in task (hidden grading), per repository; failures listed",
    run: benchRepoTasksOracle,
  },
  {
    name: "repo-unseen",
    title:
      "repo: a repository never seen before (made here, 4 commits), by path and test command: tasks built, oracle and submit-at-once on each",
    run: benchUnseenRepository,
  },
  ...(["camelcase", "markdown-table", "defu"] as const).map((name) => ({
    name: `repo-own-${name}`,
    title: `repo: ${name} (bench/repos/), brought by a repo: spec: tasks built with every dropped candidate's reason; oracle, submit-at-once and the test rewriter (hidden and public) on every task`,
    run: benchOwnRepository(name),
  })),
];
if (only) {
  const unknown = [...only].filter((name) => !sections.some((section) => section.name === name));
  if (unknown.length > 0) {
    log(
      `unknown bench section(s): ${unknown.join(", ")}; known: ${sections.map((section) => section.name).join(", ")}`,
    );
    process.exit(2);
  }
}
const command = ["npm run bench --", ...process.argv.slice(2)].join(" ").replace(/ --$/, "");
const commit = benchCommit();
for (const section of sections) {
  if (only && !only.has(section.name)) continue;
  log(`${section.title} …`);
  const date = new Date().toISOString();
  const start = currentLoad();
  const sectionFigures = await section.run();
  Object.assign(figures, sectionFigures);
  if (Object.keys(sectionFigures).length === 0) {
    log("  (no figures: nothing written to bench/results/)");
    continue;
  }
  // Each section's figures, with the command, commit, date, node and load they were measured under.
  const path = writeBenchResult({
    section: section.name,
    command,
    commit,
    date,
    node: process.version,
    load: { start, end: currentLoad(), cores: availableParallelism() },
    figures: sectionFigures,
  });
  log(`  → ${path}`);
}

// The sandboxed-stack ratios are measured inside the toy24-harness section, beside their own
// raw step and floor (interleaved rounds), with real crossing counts: see bench/toy24-harness.ts.

if (json) {
  process.stdout.write(`${JSON.stringify(figures)}\n`);
} else {
  for (const [key, value] of Object.entries(figures))
    process.stdout.write(`${key.padEnd(44)} ${typeof value === "object" ? JSON.stringify(value) : value}\n`);
}
