import { beforeAll, describe, expect, it } from "vitest";
import type { ActionInput } from "../../core/action.js";
import type { ActionableEnv } from "../../core/actionable-env.js";
import type { Observation } from "../../core/observation.js";
import type { Policy, PolicyHistoryEntry } from "../../core/policy.js";
import { createRng, deriveSeed } from "../../core/seeding.js";
import type { ToolSpec } from "../../core/tool-spec.js";
import { toy24Env } from "../../bridges/toy24/index.js";
import { toy24Policies } from "./toy24-policies.js";

interface Played {
  success: boolean;
  actions: ActionInput[];
}

let env: ActionableEnv;
let tools: ToolSpec[];
beforeAll(async () => {
  env = await toy24Env.create();
  tools = await env.tools();
});

/** One episode; `see` may change what the policy observes (as a harness would). */
async function play(
  policy: Policy,
  taskId: string,
  seed: number,
  see = (observation: Observation) => observation,
): Promise<Played> {
  const reset = await env.reset({ taskId, seed });
  const random = createRng(deriveSeed(seed, "policy"));
  const history: PolicyHistoryEntry[] = [];
  let observation = see(reset.observation);
  for (let turn = 0; ; turn++) {
    const action = await policy.act({ observation, tools, history, turn, rng: random.next, random });
    const result = await env.step(action);
    observation = see(result.observation);
    history.push({ action, observation });
    if (result.terminated || result.truncated) break;
  }
  return { success: (await env.evaluate()).success, actions: history.map((entry) => entry.action) };
}

/** `count` task ids spread evenly over the 1,362 ranks. */
const spread = (count: number) =>
  Array.from({ length: count }, (_, index) => `24-${1 + Math.floor((index * 1362) / count)}`);

async function successRate(name: string, taskIds: string[], seed: number): Promise<number> {
  let solved = 0;
  for (const taskId of taskIds)
    if ((await play(toy24Policies[name]!(), taskId, deriveSeed(seed, taskId))).success) solved += 1;
  return solved / taskIds.length;
}

describe("toy24 policies", () => {
  it("are solver, random and greedy", () => {
    expect(Object.keys(toy24Policies)).toEqual(["solver", "random", "greedy"]);
    for (const [name, create] of Object.entries(toy24Policies)) expect(create().name).toBe(name);
  });

  it("solver solves puzzles across the ranks in four turns, from the text alone too", async () => {
    for (const taskId of spread(40)) {
      const played = await play(toy24Policies.solver!(), taskId, 5);
      expect(played.success, taskId).toBe(true);
      expect(played.actions).toHaveLength(4);
    }
    const textOnly = await play(toy24Policies.solver!(), "24-1350", 5, ({ text }) => ({ text }));
    expect(textOnly).toMatchObject({ success: true, actions: { length: 4 } });
  });

  it("solver goes back to the start from a dead end, and gives up on what it cannot read", async () => {
    const solver = toy24Policies.solver!();
    const random = createRng(1);
    const act = (numbers: string[]) =>
      solver.act({
        observation: { text: "", data: { numbers } },
        tools,
        history: [],
        turn: 0,
        rng: random.next,
        random,
      });
    expect(await act(["24"])).toEqual({ name: "submit", args: {} });
    expect(await act(["23"])).toEqual({ name: "reset", args: {} });
    expect(await act(["1", "1"])).toEqual({ name: "reset", args: {} });
    expect(await act(["1", "1", "1", "1"])).toEqual({ name: "submit", args: {} });
    expect(
      await solver.act({ observation: { text: "hidden" }, tools, history: [], turn: 0, rng: random.next, random }),
    ).toEqual({ name: "submit", args: {} });
  });

  it("are deterministic per seed and vary with it (greedy only where it has ties)", async () => {
    const taskIds = spread(40);
    for (const name of ["solver", "random", "greedy"]) {
      const runs = async (seed: number) => {
        const all: ActionInput[][] = [];
        for (const taskId of taskIds) all.push((await play(toy24Policies[name]!(), taskId, seed)).actions);
        return all;
      };
      expect(await runs(11), name).toEqual(await runs(11));
      expect(await runs(11), name).not.toEqual(await runs(12));
    }
  });

  it("greedy succeeds on a graded share of 200 puzzles: most easy ones, few hard ones", async () => {
    const taskIds = spread(201);
    const third = taskIds.length / 3;
    const easy = await successRate("greedy", taskIds.slice(0, third), 21);
    const hard = await successRate("greedy", taskIds.slice(2 * third), 21);
    const overall = await successRate("greedy", taskIds, 21);
    expect(overall).toBeGreaterThan(0.2);
    expect(overall).toBeLessThan(0.5);
    expect(easy).toBeGreaterThan(hard + 0.25);
    expect(hard).toBeGreaterThan(0);
  });

  it("random rarely succeeds, but can", async () => {
    const rate = await successRate("random", spread(201), 33);
    expect(rate).toBeGreaterThan(0);
    expect(rate).toBeLessThan(0.05);
  });
});
