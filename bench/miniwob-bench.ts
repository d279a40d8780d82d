import { performance } from "node:perf_hooks";
import { launchChromium } from "../src/bridges/miniwob/miniwob-browser.js";
import { miniwobEnv } from "../src/bridges/miniwob/miniwob-env-definition.js";
import { MiniwobEnv } from "../src/bridges/miniwob/miniwob-env.js";
import { MiniwobTaskCatalog } from "../src/bridges/miniwob/miniwob-task-catalog.js";
import { checkEnv } from "../src/core/check-env.js";
import { resolvePolicy } from "../src/policies/policy-registry.js";
import { runRollouts } from "../src/rollout/run-rollouts.js";
import { median } from "./measure.js";

/** Train tasks of different kinds (buttons, forms, menus, lists, inboxes) for the timing figures. */
export const MINIWOB_TIMING_TASKS = [
  "click-button",
  "click-checkboxes",
  "enter-text",
  "login-user",
  "click-menu-2",
  "choose-list",
  "email-inbox-delete",
  "click-tab-2",
];

const log = (text: string) => process.stderr.write(`  ${text}\n`);

/**
 * MiniWoB++ bridge speed, with `dom-heuristic`: median ms per step and per reset (page load
 * + seeded start + DOM view), browser launch time, and episodes per second with one and with
 * two browser instances (concurrency 1 vs 2, each lane its own Chromium; launch included).
 */
export async function benchMiniwob() {
  const policy = await resolvePolicy("dom-heuristic", "miniwob");
  const tasks = MINIWOB_TIMING_TASKS.filter((taskId) =>
    MiniwobTaskCatalog.read().file.tasks.some((task) => task.id === taskId),
  ).map((taskId) => ({ taskId }));
  const env = await miniwobEnv.create();
  const launchStarted = performance.now();
  await env.reset({ taskId: "click-button", seed: 0 });
  const launchMs = performance.now() - launchStarted;
  const resets: number[] = [];
  for (let round = 0; round < 3; round++) {
    for (const task of tasks) {
      const started = performance.now();
      await env.reset({ taskId: task.taskId, seed: round });
      resets.push(performance.now() - started);
    }
  }
  await env.close();
  const rates: Record<number, number> = {};
  let stepMs: number[] = [];
  for (const concurrency of [1, 2]) {
    const started = performance.now();
    const trajectories = await runRollouts({
      createEnv: () => miniwobEnv.create(),
      policy: policy.factory,
      tasks,
      episodes: 6,
      seed: 5,
      concurrency,
    });
    const seconds = (performance.now() - started) / 1000;
    rates[concurrency] = trajectories.length / seconds;
    if (concurrency === 1) stepMs = trajectories.flatMap((trajectory) => trajectory.steps.map((step) => step.stepMs));
    log(`concurrency ${concurrency}: ${trajectories.length} episodes in ${seconds.toFixed(1)} s`);
  }
  return {
    miniwobBrowserLaunchMs: Math.round(launchMs),
    miniwobMedianResetMs: Number(median(resets).toFixed(1)),
    miniwobMedianStepMs: Number(median(stepMs).toFixed(1)),
    miniwobEpisodesPerSecond1Browser: Number(rates[1]!.toFixed(2)),
    miniwobEpisodesPerSecond2Browsers: Number(rates[2]!.toFixed(2)),
    miniwobTwoBrowserSpeedup: Number((rates[2]! / rates[1]!).toFixed(2)),
  };
}

/**
 * `checkEnv` on every listed MiniWoB++ task (seeded random walk of 6 steps: shapes,
 * same-seed determinism on one and on two instances, save → restore → continue, double
 * close). The instances share one Chromium (each its own context and page).
 */
export async function benchMiniwobCheck() {
  const browser = await launchChromium();
  const catalog = MiniwobTaskCatalog.read();
  const failed: Record<string, string[]> = {};
  let checked = 0;
  try {
    for (const task of catalog.file.tasks) {
      const report = await checkEnv(async () => new MiniwobEnv(catalog, { browser }), {
        taskId: task.id,
        seed: 3,
        maxSteps: 6,
      });
      checked += 1;
      if (!report.ok) failed[task.id] = report.issues.map((issue) => `[${issue.code}] ${issue.message}`);
      process.stderr.write(`\r  checkEnv ${checked}/${catalog.file.tasks.length} ${task.id}                `);
    }
  } finally {
    process.stderr.write("\n");
    await browser.close();
  }
  return { miniwobCheckEnvTasks: checked, miniwobCheckEnvFailed: failed };
}

/** A task's success on fresh rollouts is "solved" above this, "~0" at or below {@link NEVER_RATE}. */
const SOLVED_RATE = 0.9;
const NEVER_RATE = 0.05;

/**
 * Per-task success of `dom-heuristic` and `random-web` over every listed task (train and
 * held-out), `episodesOf[policy]` episodes per task (on `concurrency` browsers): how many tasks each solves (> 0.9), partly solves, or never
 * (≤ 0.05), per split, and the per-task rates (what the README's table shows).
 */
export async function benchMiniwobBaseline(
  episodesOf: Record<string, number> = { "dom-heuristic": 5, "random-web": 3 },
  concurrency = 2,
) {
  const catalog = MiniwobTaskCatalog.read();
  const figures: Record<string, unknown> = {};
  for (const [name, episodes] of Object.entries(episodesOf)) {
    const policy = await resolvePolicy(name, "miniwob");
    const rates: Record<string, number> = {};
    for (const split of ["train", "heldout"] as const) {
      const tasks = catalog.listTasks(split);
      const trajectories = await runRollouts({
        createEnv: () => miniwobEnv.create(),
        policy: policy.factory,
        tasks: tasks.map((task) => ({ taskId: task.id })),
        episodes,
        seed: 1,
        concurrency,
        onEpisode: (_trajectory, done, total) =>
          process.stderr.write(`\r  ${name} ${split}: ${done}/${total} episodes   `),
      });
      process.stderr.write("\n");
      for (const task of tasks) {
        const own = trajectories.filter((trajectory) => trajectory.taskId === task.id);
        rates[task.id] = own.filter((trajectory) => trajectory.evaluation?.success === true).length / own.length;
      }
      const values = tasks.map((task) => rates[task.id]!);
      figures[`${name}:${split}`] = {
        tasks: tasks.length,
        solved: values.filter((rate) => rate > SOLVED_RATE).length,
        between: values.filter((rate) => rate > NEVER_RATE && rate <= SOLVED_RATE).length,
        never: values.filter((rate) => rate <= NEVER_RATE).length,
        meanSuccess: Number((values.reduce((sum, rate) => sum + rate, 0) / Math.max(1, values.length)).toFixed(3)),
      };
    }
    figures[`${name}:perTask`] = rates;
  }
  return { miniwobBaseline: { episodesPerTask: episodesOf, seed: 1, ...figures } };
}
