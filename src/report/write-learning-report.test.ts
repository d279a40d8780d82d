import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBugFixEnvDefinition } from "../bridges/bugfix/bugfix-env-definition.js";
import { isEnvriggerError } from "../core/errors.js";
import { runExperiment } from "../rl/run-experiment.js";
import { writeRunReport } from "./write-run-report.js";
import { tinyPublicRewardExperiment } from "../testing/tiny-public-reward-experiment.js";
import { productRigDependencies } from "../app/product-rig-dependencies.js";
import { productStackDependencies } from "../app/product-stack-dependencies.js";

const definition = createBugFixEnvDefinition();
const directory = mkdtempSync(join(tmpdir(), "envrigger-learning-report-"));
const experiment = join(directory, "experiment");
afterAll(() => {
  definition.dispose();
  rmSync(directory, { recursive: true, force: true });
});

/** The rows of the table that follows heading `title` (their cell texts). */
function tableRows(html: string, title: string): string[][] {
  const section = html.slice(html.indexOf(`<h2>${title}</h2>`));
  const body = section.slice(section.indexOf("<tbody>"), section.indexOf("</tbody>"));
  return [...body.matchAll(/<tr>(.*?)<\/tr>/g)].map((match) =>
    [...match[1]!.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((cell) => cell[1]!),
  );
}

describe("envrigger report on training and experiment directories", () => {
  beforeAll(async () => {
    await runExperiment(tinyPublicRewardExperiment("learning-report", { tasksPerUpdate: 4, evaluationEvery: 1 }), {
      runDirectory: experiment,
      env: definition,
      rigDependencies: productRigDependencies(),
      stack: productStackDependencies(),
    });
  }, 300_000);

  it("renders an experiment: both arms' learning curves, final held-out numbers and the harness arm's rounds", async () => {
    const { path } = await writeRunReport(experiment);
    expect(path).toBe(join(experiment, "report.html"));
    const html = readFileSync(path, "utf8");
    expect(html).toContain("envrigger experiment learning-report");
    // The curves chart, drawn from curves.json: every series is in the SVG's legend.
    const curves = JSON.parse(readFileSync(join(experiment, "curves.json"), "utf8")) as {
      series: Array<{ name: string }>;
    };
    const chart = html.slice(html.indexOf("<h2>Learning curves</h2>"), html.indexOf("<h2>Final held-out numbers</h2>"));
    expect(chart).toContain("<svg");
    for (const series of curves.series) expect(chart).toContain(series.name);
    const result = JSON.parse(readFileSync(join(experiment, "result.json"), "utf8")) as {
      runs: Array<{ arm: string; final: { successRate: number } }>;
    };
    const finals = tableRows(html, "Final held-out numbers");
    expect(finals.map((cells) => cells[0])).toEqual(["original seed 0", "harness seed 0"]);
    for (const run of result.runs)
      expect(finals.find((cells) => cells[0] === `${run.arm} seed 0`)![3]).toBe(run.final.successRate.toFixed(2));
    // Evaluations at updates 0, 1 and 2 (success / public pass).
    expect(tableRows(html, "Held-out evaluations").map((cells) => cells.length)).toEqual([4, 4]);
    // Co-evolution every update: rounds 0 and 1, each with its numbers, from round.json.
    const rounds = tableRows(html, "Co-evolution rounds");
    expect(rounds.map((cells) => [cells[0], cells[1], cells[2]])).toEqual([
      ["harness seed 0", "0", "0"],
      ["harness seed 0", "1", "1"],
    ]);
    const round = JSON.parse(
      readFileSync(join(experiment, "harness", "seed-0", "coevolution", "round-1", "round.json"), "utf8"),
    ) as {
      accepted: unknown[];
      guarded: unknown[];
      guardedEnvWide: boolean;
      stackedTasks: number;
      rollouts: number;
      runDirectory: string;
      cost: { total: { rollouts: number; envSteps: number } };
    };
    expect(rounds[1]!.slice(3, 8)).toEqual([
      String(round.accepted.length),
      expect.any(String),
      expect.any(String),
      `${round.guarded.length}${round.guardedEnvWide ? " + every other (pooled)" : ""}`,
      String(round.stackedTasks),
    ]);
    // What the round's rigging spent: its rig run's cost, summed over the run's tasks — errored
    // episodes included, which the older count of rollouts leaves out.
    const rig = JSON.parse(readFileSync(join(round.runDirectory, "result.json"), "utf8")) as {
      tasks: Array<{ cost: { rollouts: number } }>;
    };
    expect(round.cost.total.rollouts).toBe(rig.tasks.reduce((sum, task) => sum + task.cost.rollouts, 0));
    expect(round.cost.total.rollouts).toBeGreaterThanOrEqual(round.rollouts);
    expect(round.cost.total.envSteps).toBeGreaterThan(0);
    expect(rounds[1]![8]).toBe(String(round.cost.total.rollouts));
    const experimentRuns = result.runs as unknown as Array<{
      arm: string;
      riggingRollouts: number;
      riggingCost: { rollouts: number };
      acceptedPerRound: number[];
    }>;
    const harness = experimentRuns.find((run) => run.arm === "harness")!;
    expect(harness.riggingCost.rollouts).toBeGreaterThanOrEqual(harness.riggingRollouts);
    expect(harness.riggingCost.rollouts).toBeGreaterThan(0);
    const arms = (result as unknown as { arms: Record<string, { riggingPerAcceptedEnv: { rollouts: number } | null }> })
      .arms;
    const acceptedStacks = harness.acceptedPerRound.reduce((sum, count) => sum + count, 0);
    expect(arms.harness!.riggingPerAcceptedEnv?.rollouts ?? null).toBe(
      acceptedStacks === 0 ? null : harness.riggingCost.rollouts / acceptedStacks,
    );
    expect(arms.original!.riggingPerAcceptedEnv).toBeNull();
  });

  it("renders one training run, finished or not (unfinished: the curves from its checkpoint)", async () => {
    const harness = join(experiment, "harness", "seed-0");
    const html = readFileSync((await writeRunReport(harness)).path, "utf8");
    expect(html).toContain("envrigger training run learning-report-harness-seed-0");
    expect(html).toContain("held-out success");
    expect(tableRows(html, "Co-evolution rounds")).toHaveLength(2);

    const stopped = join(directory, "stopped");
    cpSync(join(experiment, "original", "seed-0"), stopped, { recursive: true });
    rmSync(join(stopped, "result.json"));
    rmSync(join(stopped, "curves.json"));
    const partial = readFileSync((await writeRunReport(stopped)).path, "utf8");
    expect(partial).toContain("not finished");
    const chart = partial.slice(
      partial.indexOf("<h2>Learning curves</h2>"),
      partial.indexOf("<h2>Final held-out numbers</h2>"),
    );
    expect(chart).toContain("<svg");
    expect(chart).toContain("training reward");
    expect(tableRows(partial, "Final held-out numbers")[0]![2]).toBe("2 / 2");
    expect(partial).not.toContain("<h2>Co-evolution rounds</h2>");
  });

  it("still refuses a directory that is no run of any kind", async () => {
    const empty = mkdtempSync(join(directory, "empty-"));
    const error = await writeRunReport(empty).catch((caught: unknown) => caught);
    expect(isEnvriggerError(error) && error.code).toBe("FILE_NOT_FOUND");
    expect(String((error as Error).message)).toMatch(/no run\.json, training\.json or experiment\.json/);
  });
});
