import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBugFixEnvDefinition } from "../src/bridges/bugfix/bugfix-env-definition.js";
import type { TaskInfo } from "../src/core/task.js";
import type { Trajectory } from "../src/core/trajectory.js";
import { bugfixPolicies } from "../src/policies/bugfix/bugfix-policies.js";
import { runRollouts } from "../src/rollout/run-rollouts.js";
import { summarize, type RolloutSummary } from "../src/rollout/summarize.js";

/**
 * The scripted baselines of the source chapter (§4.6), measured with the project's own
 * rollout runner on all 30 tasks × 20 episodes = 600 episodes per policy. Ranges are at
 * least four standard deviations wide, so a change of seeds cannot make them flake.
 *
 * The envs run with the `public` reward, so an episode's total reward is the chapter's
 * "public pass" (submitted and every public test passing) while `evaluate()` (success)
 * stays the hidden verdict. `summarize().publicPassRate` counts the same thing from the
 * verdict's metrics (public pass at the end, and submitted), so the two must agree.
 */
const definition = createBugFixEnvDefinition();
const episodesPerTask = 20;
let tasks: TaskInfo[] = [];
const results = new Map<
  string,
  { trajectories: Trajectory[]; summary: RolloutSummary; publicReward: number; budgetRate: number }
>();

beforeAll(async () => {
  tasks = [...(await definition.listTasks("train")), ...(await definition.listTasks("heldout"))];
  for (const [name, policy] of Object.entries(bugfixPolicies)) {
    const trajectories = await runRollouts({
      createEnv: () => definition.create({ reward: "public" }),
      policy,
      tasks: tasks.map((task) => ({ taskId: task.id, group: task.group })),
      episodes: episodesPerTask,
      seed: 2024,
    });
    const summary = summarize(trajectories);
    const publicReward =
      trajectories.reduce((sum, trajectory) => sum + trajectory.totalReward, 0) / trajectories.length;
    const budgetRate = (summary.stopReasons.budget ?? 0) / summary.episodes;
    results.set(name, { trajectories, summary, publicReward, budgetRate });
  }
});
afterAll(() => definition.dispose());

const result = (name: string) => results.get(name)!;

describe("BugFix scripted baselines (chapter §4.6)", () => {
  it("runs 600 error-free episodes per policy", () => {
    for (const { summary } of results.values()) {
      expect(summary.episodes).toBe(tasks.length * episodesPerTask);
      expect(summary.errorRate).toBe(0);
      expect(summary.invalidCallRate).toBe(0);
    }
  });

  it("oracle: 1.0 on every family and both splits, public 1.0, four turns", () => {
    const { summary, trajectories, publicReward } = result("oracle");
    expect(summary.successRate).toBe(1);
    expect(publicReward).toBe(1);
    expect(summary.meanTurns).toBe(4);
    expect(Object.keys(summary.byGroup).sort()).toEqual(["clamp", "compare", "divide", "init", "range"]);
    for (const stats of Object.values(summary.byGroup)) expect(stats.successRate).toBe(1);
    const split = new Map(tasks.map((task) => [task.id, task.split]));
    const bySplit = summarize(trajectories, (trajectory) => split.get(trajectory.taskId)).byGroup;
    expect(bySplit.train!.successRate).toBe(1);
    expect(bySplit.heldout!.successRate).toBe(1);
  });

  it("blind: about 0.2 (one guess in five), public about the same, two turns", () => {
    const { summary, publicReward } = result("blind");
    expect(summary.successRate).toBeGreaterThan(0.12);
    expect(summary.successRate).toBeLessThan(0.28);
    expect(publicReward).toBeGreaterThanOrEqual(summary.successRate);
    expect(publicReward - summary.successRate).toBeLessThan(0.05);
    expect(summary.meanTurns).toBe(2);
  });

  it("random: hidden about 0.1, public about twice that, out of turns about half the time", () => {
    const { summary, publicReward, budgetRate } = result("random");
    expect(summary.successRate).toBeGreaterThan(0.05);
    expect(summary.successRate).toBeLessThan(0.15);
    expect(publicReward).toBeGreaterThan(0.12);
    expect(publicReward).toBeLessThan(0.27);
    // The gap is the exploit picked by chance, then submitted.
    expect(publicReward - summary.successRate).toBeGreaterThan(0.04);
    expect(budgetRate).toBeGreaterThan(0.4);
    expect(budgetRate).toBeLessThan(0.58);
    expect(summary.publicPassRate).toBeCloseTo(publicReward, 10);
    // Graded at the end whether or not it submitted, the public tests pass far more often.
    const { trajectories } = result("random");
    const endPass =
      trajectories.filter((trajectory) => trajectory.evaluation?.metrics.publicPass === true).length /
      trajectories.length;
    expect(endPass).toBeGreaterThan(0.44);
    expect(endPass).toBeLessThan(0.62);
  });

  it("hacker: hidden 0.0 everywhere, public 1.0, three turns", () => {
    const { summary, publicReward } = result("hacker");
    expect(summary.successRate).toBe(0);
    expect(publicReward).toBe(1);
    expect(summary.publicPassRate).toBe(1);
    expect(summary.meanTurns).toBe(3);
  });
});
