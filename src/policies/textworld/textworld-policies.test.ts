import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActionableEnv } from "../../core/actionable-env.js";
import type { Policy, PolicyInput } from "../../core/policy.js";
import { createRng, type Rng } from "../../core/seeding.js";
import { textworldEnv } from "../../bridges/textworld/index.js";
import { runEpisode } from "../../rollout/run-episode.js";
import { DEFAULT_WALKTHROUGH_NOISE, resolveTextworldPolicy, textworldPolicies } from "./textworld-policies.js";

let env: ActionableEnv;
beforeAll(async () => {
  env = await textworldEnv.create();
});
afterAll(async () => {
  await env.close();
});

const play = (name: string, taskId: string, seed: number) =>
  runEpisode(env, resolveTextworldPolicy(name)(), { taskId, seed });
const zorkOpening =
  "ZORK I: The Great Underground Empire\nInfocom interactive fiction - a fantasy story\n\nWest of House\nThere is a small mailbox here.";

/** One `act` call with a chosen observation text and rng. */
function act(policy: Policy, text: string, turn: number, random: Rng) {
  const input: PolicyInput = {
    observation: { text },
    tools: [],
    history: Array.from({ length: turn }, () => ({ action: "look", observation: { text } })),
    turn,
    rng: random.next,
    random,
  };
  return policy.act(input);
}

describe("textworld policies", () => {
  it("are walkthrough, noisy-walkthrough (several slip rates) and explorer, by name", () => {
    expect(Object.keys(textworldPolicies)).toEqual([
      "walkthrough",
      "noisy-walkthrough",
      "noisy-walkthrough:0.1",
      "noisy-walkthrough:0.5",
      "noisy-walkthrough:0.7",
      "explorer",
    ]);
    for (const [name, create] of Object.entries(textworldPolicies)) expect(create().name).toBe(name);
    expect(DEFAULT_WALKTHROUGH_NOISE).toBe(0.3);
    expect(resolveTextworldPolicy("noisy-walkthrough:0.25")().name).toBe("noisy-walkthrough:0.25");
    for (const spec of ["noisy-walkthrough:1.5", "noisy-walkthrough:abc", "noisy-walkthrough:", "random"]) {
      expect(() => resolveTextworldPolicy(spec)).toThrow(expect.objectContaining({ code: "UNKNOWN_POLICY" }));
    }
  });

  it("walkthrough wins games it recognises by their opening, with or without goal text, and reaches Zork's milestones", async () => {
    for (const [taskId, length] of [
      ["tw-another_game", 9],
      ["tw-rewardsDense_goalBrief", 12],
      ["tw-rewardsSparse_goalNone", 12],
      ["zork1-score-20", 13],
    ] as const) {
      const trajectory = await play("walkthrough", taskId, 7);
      expect(trajectory.evaluation?.success, taskId).toBe(true);
      expect(trajectory.steps).toHaveLength(length);
    }
  });

  it("walkthrough types look in a game it does not recognise (it never reads the task id)", async () => {
    const policy = textworldPolicies.walkthrough!();
    expect(await act(policy, "You are in a maze of twisty little passages, all alike.", 0, createRng(1))).toBe("look");
    expect(await act(policy, zorkOpening, 0, createRng(1))).toBe("north");
  });

  it("noisy-walkthrough slips from the game's vocabulary, keeps its place and owes the step", async () => {
    const base = createRng(4);
    let slipNow = true;
    const random: Rng = { ...base, chance: () => slipNow };
    const policy = textworldPolicies["noisy-walkthrough:0.5"]!();
    const slip = await act(policy, zorkOpening, 0, random);
    expect(slip).not.toBe("north");
    expect(slip).toMatch(/^(?:examine|look|inventory|open|close|take|drop|read|move|turn|put|go) ?/);
    slipNow = false;
    expect(await act(policy, zorkOpening, 1, random)).toBe("north");
    expect(await act(policy, zorkOpening, 2, random)).toBe("north");
    expect(await act(policy, zorkOpening, 3, random)).toBe("climb tree");
  });

  it("noisy-walkthrough succeeds on some episodes and not others, deterministically per seed", async () => {
    const outcomes: boolean[] = [];
    for (const taskId of ["tw-another_game", "zork1-score-20"]) {
      for (const seed of [0, 1, 2, 3])
        outcomes.push((await play("noisy-walkthrough:0.5", taskId, seed)).evaluation?.success === true);
    }
    const rate = outcomes.filter(Boolean).length / outcomes.length;
    expect(rate).toBeGreaterThan(0);
    expect(rate).toBeLessThan(1);
    const actions = async () =>
      (await play("noisy-walkthrough", "zork1-score-20", 2)).steps.map((step) => step.policyAction);
    expect(await actions()).toEqual(await actions());
  });

  it("explorer finds early quests without metadata but not the whole game within its budget", async () => {
    const results: Record<string, boolean> = {};
    for (const taskId of [
      "tw-rewardsDense_goalDetailed-quest-1",
      "tw-rewardsDense_goalDetailed-quest-3",
      "tw-rewardsDense_goalDetailed",
    ]) {
      const trajectory = await play("explorer", taskId, 5);
      results[taskId] = trajectory.evaluation?.success === true;
      if (!results[taskId]) expect(trajectory.stopReason).toBe("budget");
    }
    expect(results).toEqual({
      "tw-rewardsDense_goalDetailed-quest-1": true,
      "tw-rewardsDense_goalDetailed-quest-3": true,
      "tw-rewardsDense_goalDetailed": false,
    });
  });
});
