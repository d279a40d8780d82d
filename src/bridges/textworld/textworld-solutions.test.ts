import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActionableEnv } from "../../core/actionable-env.js";
import { textworldEnv } from "./textworld-env-definition.js";
import { loadTextWorldLibrary, type TextWorldLibrary } from "./textworld-library.js";

let env: ActionableEnv;
let library: TextWorldLibrary;
beforeAll(async () => {
  env = await textworldEnv.create();
  library = await loadTextWorldLibrary();
});
afterAll(async () => {
  await env.close();
});

describe("the recorded solutions", () => {
  it("win every TextWorld game, and each quest scores exactly when its winning commands are done", async () => {
    for (const game of library.games) {
      await env.reset({ taskId: game.name, seed: 0 });
      const scores: number[] = [];
      let last;
      for (const command of game.walkthrough) {
        last = await env.step(command);
        scores.push(last.info.score as number);
      }
      expect(last, game.name).toMatchObject({
        terminated: true,
        info: { stop: "goal", success: true, score: game.maxScore },
      });
      expect(await env.evaluate()).toMatchObject({ success: true, score: 1, metrics: { won: true, gameOver: true } });
      // The sub-goal criterion: after quest k's commands the score is the rewards of quests 1..k, and below it one command earlier.
      let threshold = 0;
      for (const quest of game.quests) {
        threshold += quest.reward;
        expect(scores[quest.commands.length - 1], `${game.name}: after quest ${quest.commands.join(", ")}`).toBe(
          threshold,
        );
        if (quest.commands.length > 1) expect(scores[quest.commands.length - 2]).toBeLessThan(threshold);
      }
    }
  });

  it("reach every quest sub-goal task in exactly its quest's commands", async () => {
    const game = library.games.find((candidate) => candidate.name === "tw-rewardsBalanced_goalBrief")!;
    for (const [index, quest] of game.quests.slice(0, -1).entries()) {
      await env.reset({ taskId: `${game.name}-quest-${index + 1}`, seed: 0 });
      const results = [];
      for (const command of quest.commands) results.push(await env.step(command));
      expect(results.findIndex((result) => result.terminated)).toBe(quest.commands.length - 1);
      expect(results.at(-1)!.info).toMatchObject({ stop: "goal", success: true });
    }
  });

  it("reach each Zork I milestone with the route's stated number of commands, whatever the seed", async () => {
    const route = library.zorkRoute;
    for (const [index, milestone] of route.milestones.entries()) {
      const seed = 100 + index;
      await env.reset({ taskId: `zork1-score-${milestone.score}`, seed });
      let stepsTaken = 0;
      for (const command of route.commands) {
        const result = await env.step(command);
        stepsTaken += 1;
        if (result.terminated || result.truncated) break;
      }
      expect(stepsTaken, `milestone ${milestone.score}`).toBe(milestone.commands);
      expect(await env.evaluate()).toMatchObject({ success: true, score: 1 });
    }
  });
});
