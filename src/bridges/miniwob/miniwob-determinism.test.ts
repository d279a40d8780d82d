import { describe, expect, it } from "vitest";
import { resolvePolicy } from "../../policies/policy-registry.js";
import { runRollouts } from "../../rollout/run-rollouts.js";
import { chromiumForTests } from "../../testing/chromium-for-tests.js";
import { startCpuBurners } from "../../testing/cpu-burners.js";
import { trajectoryWithoutTimings } from "../../testing/trajectory-without-timings.js";
import { launchChromium } from "./miniwob-browser.js";
import { MiniwobEnv } from "./miniwob-env.js";
import { MiniwobTaskCatalog } from "./miniwob-task-catalog.js";

/**
 * Tasks whose pages load images after the episode starts: `<img>` rows (order-food,
 * tic-tac-toe, number-checkboxes), CSS `content: url(…)` icons that swap on `:hover`
 * (social-media), inbox icons (email-inbox-star-reply), a Raphaël pie (click-pie) and a
 * tree with GIF handles (navigate-tree).
 */
const IMAGE_HEAVY_TASKS = [
  "social-media",
  "social-media-some",
  "email-inbox-star-reply",
  "click-pie",
  "order-food",
  "navigate-tree",
  "tic-tac-toe",
  "number-checkboxes",
];

describe.skipIf(!chromiumForTests("miniwob determinism under load"))("the miniwob env under load", () => {
  it("gives the same trajectories when two runs go at once beside a CPU burner on every core", async () => {
    const policy = await resolvePolicy("dom-heuristic", "miniwob");
    const catalog = MiniwobTaskCatalog.read();
    // Each run its own Chromium, launched before the load starts (a launch is not what is compared).
    const browsers = await Promise.all([launchChromium(), launchChromium()]);
    const run = (index: number) =>
      runRollouts({
        createEnv: async () => new MiniwobEnv(catalog, { maxTurns: 10, browser: browsers[index] }),
        policy: policy.factory,
        tasks: IMAGE_HEAVY_TASKS.map((taskId) => ({ taskId })),
        episodes: 1,
        seed: 4,
        concurrency: 1,
      });
    const burners = startCpuBurners({ maxMs: 300_000 });
    try {
      const [first, second] = await Promise.all([run(0), run(1)]);
      expect(first.map((trajectory) => trajectory.error ?? null)).toEqual(IMAGE_HEAVY_TASKS.map(() => null));
      expect(second.map(trajectoryWithoutTimings)).toEqual(first.map(trajectoryWithoutTimings));
      // Something happened to compare: pages were clicked through, and some episodes ended.
      expect(first.reduce((sum, trajectory) => sum + trajectory.steps.length, 0)).toBeGreaterThan(
        IMAGE_HEAVY_TASKS.length,
      );
      expect(first.some((trajectory) => trajectory.stopReason === "terminated")).toBe(true);
    } finally {
      await burners.stop();
      await Promise.all(browsers.map((browser) => browser.close()));
    }
  }, 240_000);
});
