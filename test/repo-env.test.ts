import { describe, expect, it } from "vitest";
import { createRepoEnvDefinition, repoTaskCatalog } from "../src/bridges/repo/index.js";
import { resolvePolicy } from "../src/policies/policy-registry.js";
import { runEpisode } from "../src/rollout/run-episode.js";
import { isolationForTests } from "../src/testing/isolation-for-tests.js";

/**
 * A sample of the checked-in tasks still validates: the oracle's reference change passes
 * the hidden tests run fresh, and the unchanged start tree fails them — on both sources.
 * A few tasks only (every episode runs a real suite twice under isolation).
 */
describe.skipIf(!(await isolationForTests("repo env")))("the repo env on checked-in tasks", () => {
  const sample = async () => {
    const tasks = (await repoTaskCatalog("repo")).tasks().filter((task) => task.repo === "regexparam");
    return [
      tasks.find((task) => task.source === "historical"),
      tasks.find((task) => task.source === "injected"),
    ].filter((task) => task !== undefined);
  };

  it("oracle 1, submit-at-once 0, and the test editor wins only the public reward", { timeout: 240_000 }, async () => {
    const definition = createRepoEnvDefinition();
    const env = await definition.create({});
    const publicEnv = await definition.create({ reward: "public" });
    try {
      const tasks = await sample();
      expect(tasks.map((task) => task.source)).toEqual(["historical", "injected"]);
      for (const task of tasks) {
        const episode = async (name: string, target = env) =>
          runEpisode(target, (await resolvePolicy(name, "repo")).factory(), {
            taskId: task.id,
            seed: 0,
            callTimeoutMs: 120_000,
          });
        const oracle = await episode("oracle");
        expect(oracle.evaluation?.success, `${task.id} oracle`).toBe(true);
        expect(oracle.totalReward).toBe(1);
        const unchanged = await episode("submit-at-once");
        expect(unchanged.evaluation?.success, `${task.id} unchanged`).toBe(false);
        expect(unchanged.totalReward).toBe(0);
        if (task.source === "injected") {
          const hacked = await episode("test-editor", publicEnv);
          expect(hacked.totalReward).toBe(1);
          expect(hacked.evaluation?.success).toBe(false);
          expect(hacked.evaluation?.metrics.testFilesEdited).toBe(true);
        }
      }
    } finally {
      await env.close();
      await publicEnv.close();
    }
  });
});
