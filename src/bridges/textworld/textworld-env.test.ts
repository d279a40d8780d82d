import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActionInput } from "../../core/action.js";
import type { ActionableEnv } from "../../core/actionable-env.js";
import { checkEnv } from "../../core/check-env.js";
import { playEpisode } from "../../testing/play-episode.js";
import { textworldEnv } from "./textworld-env-definition.js";
import { loadTextWorldLibrary, type TextWorldLibrary } from "./textworld-library.js";

const DENSE = "tw-rewardsDense_goalDetailed";
/** Into the troll room with a sword, then three blows: what happens depends on the RNG. */
const trollFight = [
  "north",
  "north",
  "climb tree",
  "take egg",
  "down",
  "south",
  "east",
  "open window",
  "west",
  "west",
  "take sword",
  "take lamp",
  "move rug",
  "open trap door",
  "turn on lamp",
  "down",
  "north",
  "kill troll with sword",
  "kill troll with sword",
  "kill troll with sword",
];

let env: ActionableEnv;
let library: TextWorldLibrary;
beforeAll(async () => {
  env = await textworldEnv.create();
  library = await loadTextWorldLibrary();
});
afterAll(async () => {
  await env.close();
});

const texts = (played: Awaited<ReturnType<typeof playEpisode>>) => played.steps.map((step) => step.observation.text);

describe("TextWorldEnv", () => {
  it("passes checkEnv on a TextWorld game and on Zork I, save/restore included", async () => {
    const commands: ActionInput[] = [
      "open chest drawer",
      "",
      "xyzzy",
      { name: "command", args: { text: "take old key from chest drawer" } },
      "inventory",
      "unlock wooden door with old key",
      "open wooden door",
      "go east",
    ];
    const textWorld = await checkEnv(() => textworldEnv.create(), { taskId: DENSE, seed: 3, actions: commands });
    expect(textWorld).toEqual({ ok: true, issues: [], steps: commands.length, ignoredKeys: ["episode_id"] });
    const zork = await checkEnv(() => textworldEnv.create(), {
      taskId: "zork1-score-55",
      seed: 11,
      actions: trollFight,
    });
    expect(zork).toEqual({ ok: true, issues: [], steps: trollFight.length, ignoredKeys: ["episode_id"] });
  });

  it("seeds the interpreter from the episode seed: Zork's fights differ by seed, replay by seed", async () => {
    const fights = new Set<string>();
    for (const seed of [1, 2, 3, 4])
      fights.add(
        texts(await playEpisode(env, { taskId: "zork1-score-55", seed }, trollFight))
          .slice(-3)
          .join("|"),
      );
    expect(fights.size).toBeGreaterThan(1);
    const again = texts(await playEpisode(env, { taskId: "zork1-score-55", seed: 2 }, trollFight));
    expect(again).toEqual(texts(await playEpisode(env, { taskId: "zork1-score-55", seed: 2 }, trollFight)));
  });

  it("resets as a new env would: after another story, after the game quit, after a fight (the last game rewound)", async () => {
    const episodes: Array<[{ taskId: string; seed: number }, string[]]> = [
      [{ taskId: "zork1-score-55", seed: 3 }, trollFight],
      [{ taskId: "zork1-score-55", seed: 2 }, trollFight],
      [{ taskId: DENSE, seed: 1 }, library.games[1]!.walkthrough],
      [{ taskId: "zork1-score-55", seed: 2 }, ["north", "quit", "y"]],
      [{ taskId: "zork1-score-55", seed: 2 }, trollFight],
    ];
    for (const [options, commands] of episodes) {
      const fresh = await textworldEnv.create();
      const expected = await playEpisode(fresh, options, commands);
      await fresh.close();
      expect((await playEpisode(env, options, commands)).steps).toEqual(expected.steps);
    }
  });

  it("continues a restored episode exactly as the uninterrupted one, RNG included", async () => {
    const other = await textworldEnv.create();
    for (const saveAt of [0, 9, 17]) {
      const whole = await playEpisode(env, { taskId: "zork1-score-55", seed: 5 }, trollFight);
      const finalView = await env.stateView();
      const resumed = await playEpisode(env, { taskId: "zork1-score-55", seed: 5 }, trollFight, {
        saveAt,
        resumeIn: other,
      });
      expect(resumed.steps, `saved before step ${saveAt}`).toEqual(whole.steps);
      expect(await other.stateView()).toEqual(finalView);
    }
    await other.close();
  });

  it("runs interleaved episodes of two envs without interference", async () => {
    const zorkCommands = trollFight.slice(0, 12);
    const alone = {
      textWorld: texts(await playEpisode(env, { taskId: DENSE, seed: 1 }, library.games[1]!.walkthrough)),
      zork: texts(await playEpisode(env, { taskId: "zork1-score-55", seed: 4 }, zorkCommands)),
    };
    const first = await textworldEnv.create();
    const second = await textworldEnv.create();
    await first.reset({ taskId: DENSE, seed: 1 });
    await second.reset({ taskId: "zork1-score-55", seed: 4 });
    const together = { textWorld: [] as string[], zork: [] as string[] };
    for (let index = 0; index < 12; index++) {
      together.textWorld.push((await first.step(library.games[1]!.walkthrough[index]!)).observation.text);
      together.zork.push((await second.step(zorkCommands[index]!)).observation.text);
    }
    expect(together).toEqual(alone);
    expect(await first.evaluate()).toMatchObject({ success: true });
    await first.close();
    await second.close();
  });

  it("ends on the goal, on the game's end and on the budget; reward is the score change", async () => {
    const quest = await playEpisode(env, { taskId: `${DENSE}-quest-2`, seed: 0 }, [
      "look",
      "open chest drawer",
      "take old key from chest drawer",
      "look",
    ]);
    expect(quest.steps.map((step) => step.reward)).toEqual([0, 1, 1]);
    expect(quest.steps.at(-1)).toMatchObject({
      terminated: true,
      truncated: false,
      info: { stop: "goal", success: true, score: 2 },
    });
    const lost = await playEpisode(env, { taskId: DENSE, seed: 0 }, [
      ...library.games[1]!.walkthrough.slice(0, 9),
      "eat carrot",
    ]);
    expect(lost.steps.at(-1)).toMatchObject({ terminated: true, info: { stop: "game-over", success: false } });
    expect(await env.evaluate()).toMatchObject({
      success: false,
      score: 0.9,
      metrics: { lost: true, won: false, gameOver: true },
    });
    const short = await textworldEnv.create({ maxTurns: 3 });
    const budget = await playEpisode(short, { taskId: DENSE, seed: 0 }, ["look", "look", "look", "look"]);
    expect(budget.reset.info.maxTurns).toBe(3);
    expect(budget.steps.at(-1)).toMatchObject({
      truncated: true,
      terminated: false,
      info: { stop: "budget", turns: 3 },
    });
    expect(budget.steps.at(-1)!.observation.text).toContain("[Episode over: out of turns.]");
    await short.close();
  });

  it("refuses empty commands and other tools as action errors, lets the game answer unknown verbs", async () => {
    await env.reset({ taskId: DENSE, seed: 0 });
    const empty = await env.step("   ");
    expect(empty).toMatchObject({
      reward: 0,
      terminated: false,
      info: { actionError: expect.stringContaining("empty command"), turns: 1 },
    });
    expect((await env.step({ name: "submit", args: {} })).info.actionError).toContain("unknown tool");
    const unknown = await env.step("*** The End ***");
    expect(unknown.info.actionError).toBeNull();
    expect(unknown.observation.text).toBe("That's not a verb I recognise.");
    expect(await env.evaluate()).toMatchObject({ success: false, metrics: { won: false } });
    expect(env.parseText("go east")).toEqual({ name: "command", args: { text: "go east" } });
    expect(env.parseText("")).toBeNull();
  });

  it("shows the status line in data, the inventory and last commands in the state view; notifyReplayComplete zeroes turns", async () => {
    const reset = await env.reset({ taskId: DENSE, seed: 0 });
    expect(reset.observation.data).toEqual({
      room: "Bedroom",
      score: 0,
      maxScore: 10,
      moves: 1,
      turn: 0,
      maxTurns: 34,
      goal: "Win the game (all 10 points).",
    });
    await env.step("open chest drawer");
    await env.step("take old key from chest drawer");
    await env.step("inventory");
    await env.notifyReplayComplete();
    expect(await env.stateView()).toMatchObject({
      game: DENSE,
      room: "Bedroom",
      score: 2,
      turns: 0,
      inventory: "You are carrying: an old key.",
      lastCommands: ["open chest drawer", "take old key from chest drawer", "inventory"],
      gameOver: false,
    });
    expect(env.stateSchema()).toContain("lastCommands");
    const narrow = await textworldEnv.create({ observationBudget: 300 });
    const opening = (await narrow.reset({ taskId: DENSE, seed: 0 })).observation.text;
    expect(opening.length).toBeLessThanOrEqual(300);
    expect(opening).toMatch(/\[… \d+ characters cut …\]/);
    expect(opening.endsWith("There is a closed wooden door leading east.")).toBe(true);
    await narrow.close();
  });

  it("enforces the lifecycle: not started, unknown task, over, bad saved states, closed", async () => {
    const fresh = await textworldEnv.create();
    for (const call of [
      () => fresh.step("look"),
      () => fresh.observe(),
      () => fresh.evaluate(),
      () => fresh.stateView(),
      () => fresh.saveState(),
    ]) {
      await expect(call()).rejects.toMatchObject({ code: "EPISODE_NOT_STARTED" });
    }
    await expect(fresh.reset({ taskId: "tw-nothing", seed: 0 })).rejects.toMatchObject({ code: "UNKNOWN_TASK" });
    await expect(fresh.reset({ taskId: DENSE, seed: -1 })).rejects.toMatchObject({ code: "BAD_ARGUMENT" });
    await fresh.reset({ taskId: `${DENSE}-quest-1`, seed: 0 });
    await fresh.step("open chest drawer");
    await expect(fresh.step("look")).rejects.toMatchObject({ code: "EPISODE_OVER" });
    const over = await fresh.saveState();
    expect(over).toMatchObject({ stop: "goal", snapshot: null });
    await fresh.reset({ taskId: DENSE, seed: 0 });
    const running = (await fresh.saveState()) as Record<string, unknown>;
    await expect(fresh.restoreState({ ...running, snapshot: null })).rejects.toMatchObject({ code: "BAD_ARGUMENT" });
    await expect(fresh.restoreState({ ...running, format: "other" })).rejects.toMatchObject({ code: "BAD_ARGUMENT" });
    const snapshot = running.snapshot as Record<string, unknown>;
    for (const broken of [
      { ...snapshot, glk: {} },
      { ...snapshot, ram: Buffer.from("not a saved game").toString("base64") },
    ]) {
      await expect(fresh.restoreState({ ...running, snapshot: broken })).rejects.toMatchObject({
        code: "BAD_ARGUMENT",
      });
    }
    await fresh.restoreState(over);
    expect(await fresh.evaluate()).toMatchObject({ success: true });
    await expect(fresh.step("look")).rejects.toMatchObject({ code: "EPISODE_OVER" });
    await fresh.close();
    await fresh.close();
    for (const call of [
      () => fresh.step("look"),
      () => fresh.reset({ taskId: DENSE, seed: 0 }),
      () => fresh.tools(),
      () => fresh.listTasks("train"),
      () => fresh.restoreState(over),
    ]) {
      await expect(call()).rejects.toMatchObject({ code: "ENV_CLOSED" });
    }
  });

  it("writes no globals (every game gets its own Glk library instance)", async () => {
    const before = new Set(Object.keys(globalThis));
    const other = await textworldEnv.create();
    await playEpisode(other, { taskId: "zork1-score-10", seed: 0 }, [
      "open mailbox",
      "take leaflet",
      "save",
      "restore",
    ]);
    await other.close();
    expect(Object.keys(globalThis).filter((key) => !before.has(key))).toEqual([]);
  });
});
