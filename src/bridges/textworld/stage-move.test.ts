import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActionableEnv } from "../../core/actionable-env.js";
import { SetupLayer } from "../../harness/setup-layer.js";
import { textworldEnv } from "./textworld-env-definition.js";
import { STAGE_MOVE_TOOL } from "./stage-move.js";

const DENSE = "tw-rewardsDense_goalDetailed";
const stage = (to: string, probability?: number) => ({
  name: STAGE_MOVE_TOOL,
  args: { thing: "old key", to, ...(probability === undefined ? {} : { probability }) },
});

let env: ActionableEnv;
beforeAll(async () => {
  env = await textworldEnv.create();
});
afterAll(async () => {
  await env.close();
});

/** Reset `layer` at `seed` and type `commands`; the answers' texts and the last info. */
async function play(layer: ActionableEnv, seed: number, commands: string[]) {
  await layer.reset({ taskId: DENSE, seed });
  const texts: string[] = [];
  let info: Record<string, unknown> = {};
  for (const command of commands) {
    const result = await layer.step(command);
    texts.push(result.observation.text);
    info = result.info;
  }
  return { texts, info };
}

describe("stage_move (TextWorld's staging tool)", () => {
  it("is declared beside command, enumerating the starting room's things and places", async () => {
    const tools = await env.tools();
    expect(tools.map((tool) => tool.name)).toEqual(["command", STAGE_MOVE_TOOL]);
    const properties = tools[1]!.inputSchema.properties as Record<string, { enum?: string[] }>;
    expect(properties.thing!.enum).toEqual(["old key"]);
    expect(properties.to!.enum).toEqual(
      expect.arrayContaining(["chest drawer", "antique trunk", "king-size bed", "floor"]),
    );
  });

  it("in a Setup, moves the key before the start without the game noticing: the recorded plan fails, an adapted one finds it", async () => {
    const staged = new SetupLayer(await textworldEnv.create(), [stage("king-size bed")]);
    const plain = await textworldEnv.create();
    try {
      const reset = await staged.reset({ taskId: DENSE, seed: 2 });
      const opening = await plain.reset({ taskId: DENSE, seed: 2 });
      // The start looks the same (same text, no turn, no move, no score).
      expect(reset.observation.text).toBe(opening.observation.text);
      expect((await staged.stateView()).turns).toBe(0);
      expect((await staged.stateView()).score).toEqual((await plain.stateView()).score);
      const blind = await play(staged, 2, ["open chest drawer", "take old key from chest drawer"]);
      expect(blind.texts[1]).toMatch(/can't see any such thing/i);
      const adapted = await play(staged, 2, ["open chest drawer", "take old key"]);
      expect(adapted.texts[1]).toMatch(/king-size bed/);
      const unchanged = await play(plain, 2, ["open chest drawer", "take old key from chest drawer"]);
      // Taking the key scores as it does in the unmodified game: the move ran none of the game's rules.
      expect(adapted.info.score).toBe(unchanged.info.score);
    } finally {
      await staged.close();
      await plain.close();
    }
  });

  it("moves into a closed container and onto the floor, leaving the container closed", async () => {
    for (const [to, found] of [
      ["antique trunk", /revealing an old key/],
      ["floor", /old key/],
    ] as const) {
      const staged = new SetupLayer(await textworldEnv.create(), [stage(to)]);
      try {
        const answers = await play(staged, 1, [to === "floor" ? "look" : `open ${to}`]);
        expect(answers.texts[0]).toMatch(found);
      } finally {
        await staged.close();
      }
    }
  });

  it("makes the move in the fraction `probability` of episodes, the same for the same seed", async () => {
    const staged = new SetupLayer(await textworldEnv.create(), [stage("floor", 0.5)]);
    const never = new SetupLayer(await textworldEnv.create(), [stage("floor", 0)]);
    try {
      const moved = async (layer: ActionableEnv, seed: number) =>
        (await play(layer, seed, ["open chest drawer"])).texts[0]!.includes("old key") === false;
      const decisions: boolean[] = [];
      for (let seed = 0; seed < 40; seed++) decisions.push(await moved(staged, seed));
      const share = decisions.filter(Boolean).length / decisions.length;
      expect(share).toBeGreaterThan(0.25);
      expect(share).toBeLessThan(0.75);
      for (const seed of [0, 1, 2, 3]) expect(await moved(staged, seed)).toBe(decisions[seed]);
      for (const seed of [0, 1, 2, 3]) expect(await moved(never, seed)).toBe(false);
    } finally {
      await staged.close();
      await never.close();
    }
  });

  it("refuses what cannot be staged as action errors, so such a Setup is invalid", async () => {
    await env.reset({ taskId: DENSE, seed: 0 });
    for (const [args, reason] of [
      [{ thing: "old key", to: "chest drawer" }, /already is in or on the chest drawer/],
      [{ thing: "old key", to: "stove" }, /not a container or supporter of this game's starting room/],
      [{ thing: "carrot", to: "floor" }, /not a portable thing of this game's starting room/],
      [{ thing: "old key", to: "floor", probability: 2 }, /probability must be a number in \[0, 1\]/],
      [{ thing: "old key", to: "floor", extra: 1 }, /unexpected extra/],
    ] as const) {
      const result = await env.step({ name: STAGE_MOVE_TOOL, args });
      expect(String(result.info.actionError)).toMatch(reason);
    }
    await env.reset({ taskId: "zork1-score-10", seed: 0 });
    expect(String((await env.step(stage("floor"))).info.actionError)).toMatch(/this game has none/);
    const invalid = new SetupLayer(await textworldEnv.create(), [stage("chest drawer")]);
    await expect(invalid.reset({ taskId: DENSE, seed: 0 })).rejects.toMatchObject({ code: "SETUP_INVALID" });
    await invalid.close();
  });

  it("typed by a player during the game, it changes nothing but a turn", async () => {
    const played = await play(env, 4, ["open chest drawer"]);
    const result = await env.step(stage("floor"));
    expect(result.info.actionError).toBeNull();
    expect(result.info.turns).toBe(2);
    expect(played.texts[0]).toMatch(/old key/);
    const take = await env.step("take old key from chest drawer");
    expect(take.observation.text).toMatch(/You take the old key from the chest drawer/);
  });

  it("keeps a staged move that is not made yet across saveState/restoreState", async () => {
    const first = await textworldEnv.create();
    const second = await textworldEnv.create();
    try {
      await first.reset({ taskId: DENSE, seed: 5 });
      await first.step(stage("floor"));
      const saved = await first.saveState();
      await second.restoreState(saved);
      await second.notifyReplayComplete();
      const answer = await second.step("open chest drawer");
      expect(answer.observation.text).not.toMatch(/old key/);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
