import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { productRigDependencies } from "../app/product-rig-dependencies.js";
import { productStackDependencies } from "../app/product-stack-dependencies.js";
import { createBugFixEnvDefinition } from "../bridges/bugfix/bugfix-env-definition.js";
import { DEFAULT_TARGET } from "../designer/target.js";
import { LearnableModel } from "../policies/learnable/learnable-model.js";
import { runCostOf } from "../run-format/cost-record.js";
import { coevolutionRoundSchema } from "../run-format/coevolution-round.js";
import { coevolutionSource, type CoevolutionOptions } from "./coevolution-source.js";
import { updateStatsOf } from "../testing/update-stats-of.js";
import { trialTasksAt } from "./trial-stacks.js";

const definition = createBugFixEnvDefinition();
const directory = mkdtempSync(join(tmpdir(), "envrigger-coevolution-source-"));
afterAll(() => {
  definition.dispose();
  rmSync(directory, { recursive: true, force: true });
});

const options = (name: string, overrides: Partial<CoevolutionOptions>): CoevolutionOptions => ({
  env: definition,
  envOptions: {},
  trainTasks: [{ id: "clamp-0" }, { id: "range-0" }],
  every: 2,
  tasksPerUpdate: 2,
  roundTasks: 24,
  directory: join(directory, name),
  target: DEFAULT_TARGET,
  designer: "heuristic",
  k: 3,
  kMax: 30,
  revisions: 3,
  seed: 0,
  validation: "training",
  rigDependencies: productRigDependencies(),
  stack: productStackDependencies(),
  ...overrides,
});

describe("co-evolution validated by the learner's training groups", () => {
  it("rigs each task of a round within 2 K rollouts and one batch, and keeps only candidates its probe does not place outside the band", async () => {
    const source = coevolutionSource(options("probe", {}));
    await source.prepare!(0, LearnableModel.initial());
    const [round] = source.rounds;
    expect(round!.validation).toBe("training");
    expect(round!.rigged).toEqual(["clamp-0", "range-0"]);
    // The per-task budget: 2 K, at most one batch over (the rigger's cap would allow 30 a candidate, 3 revisions).
    expect(round!.rollouts).toBeLessThanOrEqual(round!.rigged.length * 3 * 3);
    // A trial is a rigged task the rigger did not accept or skip.
    for (const trial of round!.trials) expect(round!.rejected).toContain(trial.taskId);
    const record = coevolutionRoundSchema.parse(
      JSON.parse(readFileSync(join(directory, "probe", "round-0", "round.json"), "utf8")),
    );
    expect(record.trials.map((trial) => trial.taskId)).toEqual(round!.trials.map((trial) => trial.taskId));
  }, 120_000);

  it("calls a trial in band over the learner's groups, drops one they place outside, and trains on neither as validated before", async () => {
    const name = "judged";
    const stack = (taskId: string) => ({ version: 1, base: { env: "bugfix", taskId, options: {} }, layers: [] });
    const round0 = {
      round: 0,
      update: 0,
      snapshot: "",
      runDirectory: join(directory, name, "round-0", "rig"),
      accepted: [],
      rejected: ["clamp-0", "range-0"],
      skipped: [],
      rigged: ["clamp-0", "range-0"],
      validation: "training",
      trials: ["clamp-0", "range-0"].map((taskId) => ({
        taskId,
        stack: stack(taskId),
        successes: 2,
        episodes: 5,
        layers: [],
      })),
      rollouts: 20,
      cost: runCostOf([], 0),
      stackedTasks: 2,
      durationMs: 0,
    };
    mkdirSync(join(directory, name, "round-0"), { recursive: true });
    writeFileSync(join(directory, name, "round-0", "round.json"), JSON.stringify(round0));
    // roundTasks 0: the second round judges the trials and rigs nothing.
    const source = coevolutionSource(options(name, { roundTasks: 0 }));
    await source.prepare!(0, LearnableModel.initial());
    const trained = source.environmentOf("clamp-0", 0);
    expect([trained.stacked, trained.label, trained.trial]).toEqual([true, "trial stack of round 0", true]);
    expect([...trialTasksAt(source.rounds, 1)].sort()).toEqual(["clamp-0", "range-0"]);
    for (let update = 0; update < 2; update++)
      source.observe!(
        updateStatsOf(update, [
          ["clamp-0", 4, true],
          ["range-0", 0, true],
        ]),
      );
    // 2/5 + 8/16: undecided yet; range-0's 2/5 + 0/16 is below the band.
    await source.prepare!(2, LearnableModel.initial());
    expect(source.rounds[1]).toMatchObject({ validated: [], kept: ["clamp-0"], dropped: ["range-0"], rigged: [] });
    expect(source.environmentOf("range-0", 2).stacked).toBe(false);
    for (let update = 2; update < 4; update++) source.observe!(updateStatsOf(update, [["clamp-0", 4, true]]));
    // 2/5 + 16/32 within the allowance (4 updates): in band.
    await source.prepare!(4, LearnableModel.initial());
    expect(source.rounds[2]).toMatchObject({ validated: ["clamp-0"], kept: ["clamp-0"], dropped: [] });
    expect(trialTasksAt(source.rounds, 4).size).toBe(0);
    const validated = source.environmentOf("clamp-0", 4);
    expect([validated.stacked, validated.trial]).toEqual([true, undefined]);
  }, 60_000);
});
