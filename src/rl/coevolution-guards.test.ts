import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { runCostOf } from "../run-format/cost-record.js";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createBugFixEnvDefinition } from "../bridges/bugfix/bugfix-env-definition.js";
import { REWARD_SHORTCUT_GUARD } from "../designer/heuristic/reward-shortcut-guard.js";
import { DEFAULT_TARGET } from "../designer/target.js";
import { bugfixPolicies } from "../policies/bugfix/bugfix-policies.js";
import { runRollouts } from "../rollout/run-rollouts.js";
import { stackEnvironment } from "./stack-environment.js";
import { LearnableModel } from "../policies/learnable/learnable-model.js";
import { guardedStack, shortcutGuards } from "./coevolution-guards.js";
import { demonstrationEpisodes } from "./demonstration-episodes.js";
import type { CandidateLayer } from "../designer/candidate.js";
import { coevolutionSource } from "./coevolution-source.js";
import { createRigDependencies } from "../app/create-rig-dependencies.js";
import { productRigDependencies } from "../app/product-rig-dependencies.js";
import { inProcessExecutor, runCurriculum } from "../curriculum/run-curriculum.js";
import { productStackDependencies } from "../app/product-stack-dependencies.js";

const definition = createBugFixEnvDefinition();
const directory = mkdtempSync(join(tmpdir(), "envrigger-coevolution-guards-"));
afterAll(() => {
  definition.dispose();
  rmSync(directory, { recursive: true, force: true });
});
const publicReward = { reward: "public" };

/** A short rig round of `policy` on `taskIds` under the public reward; returns its run directory. */
async function rigRound(name: string, policy: string, taskIds: string[]): Promise<string> {
  const runDirectory = join(directory, name);
  await runCurriculum(
    {
      runId: name,
      env: "bugfix",
      envOptions: publicReward,
      split: "train",
      taskIds,
      policy,
      designer: "heuristic",
      target: DEFAULT_TARGET,
      k: 4,
      kMax: 4,
      revisions: 0,
      confirmationEpisodes: 0,
      seed: 3,
      candidatesDir: join(directory, `${name}-candidates`),
    },
    {
      runDirectory,
      env: definition,
      executor: inProcessExecutor((config, rigDirectory) => createRigDependencies(config, rigDirectory)),
    },
  );
  return runDirectory;
}

describe("co-evolution's shortcut Rules layers", () => {
  it("guards the tasks whose rig episodes showed rewarded failures (and, from the pooled episodes, every other), and the guarded env pays the shortcut nothing", async () => {
    const hacked = await rigRound("hacker", "hacker", ["clamp-0", "range-0"]);
    const honest = await rigRound("oracle", "oracle", ["clamp-0"]);
    const found = await shortcutGuards(hacked, definition, publicReward, ["clamp-0", "range-0"]);
    const guards = found.perTask;
    expect([...guards.keys()].sort()).toEqual(["clamp-0", "range-0"]);
    expect(guards.get("clamp-0")).toMatchObject({ kind: "rules", name: REWARD_SHORTCUT_GUARD });
    expect(found.shared).toMatchObject({ kind: "rules", name: REWARD_SHORTCUT_GUARD });
    // The env's demonstrator (the oracle) says a success pays 1 from the start: the hacker's
    // failures paid 1 are still a shortcut, and the oracle's calls are not its mark.
    const demonstrations = demonstrationEpisodes(definition, publicReward, bugfixPolicies.oracle!, 5, "test");
    const demonstrated = await shortcutGuards(hacked, definition, publicReward, ["clamp-0", "range-0"], demonstrations);
    expect([...demonstrated.perTask.keys()].sort()).toEqual(["clamp-0", "range-0"]);
    const refused = (layer: CandidateLayer) =>
      (layer.kind === "rules" ? layer.source : "").match(/if \((action\.name[^{]*)\)/)?.[1];
    expect(refused(demonstrated.perTask.get("clamp-0")!)).toBe(refused(guards.get("clamp-0")!));
    expect(refused(guards.get("clamp-0")!)).toBeDefined();
    const none = await shortcutGuards(honest, definition, publicReward, ["clamp-0"]);
    expect([none.perTask.size, none.shared]).toEqual([0, null]);

    // No stack was accepted for the hacker (revisions 0, nothing reaches the band): the task
    // trains on the original env under the Rules layer, not on the exploitable original.
    const stack = guardedStack(definition, publicReward, "clamp-0", guards.get("clamp-0")!, undefined);
    expect(stack.spec.layers).toHaveLength(1);
    const environment = stackEnvironment(definition, publicReward, "clamp-0", stack, productStackDependencies());
    expect(environment.stacked).toBe(true);
    const episodes = (policy: string) =>
      runRollouts({
        createEnv: environment.createEnv,
        policy: bugfixPolicies[policy]!,
        tasks: [{ taskId: "clamp-0" }],
        episodes: 3,
        seed: 4,
      });
    const hackedEpisodes = await episodes("hacker");
    expect(hackedEpisodes.every((trajectory) => trajectory.totalReward === 0)).toBe(true);
    const original = await runRollouts({
      createEnv: () => definition.create(publicReward),
      policy: bugfixPolicies.hacker!,
      tasks: [{ taskId: "clamp-0" }],
      episodes: 3,
      seed: 4,
    });
    expect(
      original.every((trajectory) => trajectory.totalReward === 1 && trajectory.evaluation?.success === false),
    ).toBe(true);
    expect(
      (await episodes("oracle")).every(
        (trajectory) => trajectory.totalReward === 1 && trajectory.evaluation?.success === true,
      ),
    ).toBe(true);

    // Over an accepted stack, the Rules layer goes innermost and the stack's own layers stay on top.
    const accepted = {
      spec: {
        version: 1 as const,
        base: { env: "bugfix", taskId: "clamp-0", options: publicReward },
        layers: [{ kind: "rules" as const, name: "other", source: "export default defineRules({});\n" }],
      },
      label: "accepted.json",
    };
    const layered = guardedStack(definition, publicReward, "clamp-0", guards.get("clamp-0")!, accepted);
    expect(layered.spec.layers.map((layer) => (layer.kind === "rules" ? layer.name : layer.kind))).toEqual([
      REWARD_SHORTCUT_GUARD,
      "other",
    ]);
    expect(layered.label).toBe("accepted.json + shortcut Rules layer");

    // The co-evolution source: a round whose pooled episodes showed the shortcut puts every
    // train task under a Rules layer — those with their own evidence under theirs, the others
    // (here divide-0, never rigged) under the shared one; the reward stays the env's.
    const coevolution = join(directory, "coevolution");
    const round = {
      round: 0,
      update: 0,
      snapshot: "",
      runDirectory: hacked,
      accepted: [],
      rejected: ["clamp-0", "range-0"],
      skipped: [],
      guarded: ["clamp-0", "range-0"],
      guardedEnvWide: true,
      rigged: ["clamp-0", "range-0"],
      rollouts: 0,
      cost: runCostOf([], 0),
      stackedTasks: 3,
      durationMs: 0,
    };
    mkdirSync(join(coevolution, "round-0"), { recursive: true });
    writeFileSync(join(coevolution, "round-0", "round.json"), JSON.stringify(round));
    const source = coevolutionSource({
      env: definition,
      envOptions: publicReward,
      trainTasks: [{ id: "clamp-0" }, { id: "range-0" }, { id: "divide-0" }],
      every: 10,
      tasksPerUpdate: 10,
      roundTasks: 24,
      directory: coevolution,
      target: DEFAULT_TARGET,
      designer: "heuristic",
      k: 2,
      kMax: 2,
      revisions: 0,
      seed: 0,
      rigDependencies: productRigDependencies(),
      stack: productStackDependencies(),
    });
    await source.prepare!(0, LearnableModel.initial());
    for (const taskId of ["clamp-0", "range-0", "divide-0"]) {
      const trained = source.environmentOf(taskId, 0);
      expect(trained.stacked).toBe(true);
      expect(trained.stack.layers[0]).toMatchObject({ kind: "rules", name: REWARD_SHORTCUT_GUARD });
      const hackerEpisodes = await runRollouts({
        createEnv: trained.createEnv,
        policy: bugfixPolicies.hacker!,
        tasks: [{ taskId }],
        episodes: 2,
        seed: 5,
      });
      expect(hackerEpisodes.every((trajectory) => trajectory.totalReward === 0)).toBe(true);
    }
    // Without the pooled evidence, the task no round saw trains on the original env.
    writeFileSync(join(coevolution, "round-0", "round.json"), JSON.stringify({ ...round, guardedEnvWide: false }));
    const perTaskOnly = coevolutionSource({
      env: definition,
      envOptions: publicReward,
      trainTasks: [{ id: "clamp-0" }, { id: "divide-0" }],
      every: 10,
      tasksPerUpdate: 10,
      roundTasks: 24,
      directory: coevolution,
      target: DEFAULT_TARGET,
      designer: "heuristic",
      k: 2,
      kMax: 2,
      revisions: 0,
      seed: 0,
      rigDependencies: productRigDependencies(),
      stack: productStackDependencies(),
    });
    await perTaskOnly.prepare!(0, LearnableModel.initial());
    expect([perTaskOnly.environmentOf("clamp-0", 0).stacked, perTaskOnly.environmentOf("divide-0", 0).stacked]).toEqual(
      [true, false],
    );
  }, 120_000);
});
