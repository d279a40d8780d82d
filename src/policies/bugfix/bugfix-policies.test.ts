import { afterAll, describe, expect, it } from "vitest";
import { createBugFixEnvDefinition, parseCall } from "../../bridges/bugfix/index.js";
import type { ActionInput } from "../../core/action.js";
import type { ActionableEnv } from "../../core/actionable-env.js";
import type { JsonObject } from "../../core/json.js";
import type { PolicyFactory, PolicyHistoryEntry } from "../../core/policy.js";
import { createRng, deriveSeed } from "../../core/seeding.js";
import { bugfixPolicies } from "./bugfix-policies.js";

const definition = createBugFixEnvDefinition();
afterAll(() => definition.dispose());

interface Episode {
  actions: ActionInput[];
  observations: string[];
  rewards: number[];
  final: JsonObject;
}

/** Drive one episode with a small local loop (the policy rng derives from the episode seed). */
async function play(env: ActionableEnv, factory: PolicyFactory, taskId: string, seed: number): Promise<Episode> {
  const policy = factory();
  const random = createRng(deriveSeed(seed, "policy"));
  const tools = await env.tools();
  let { observation } = await env.reset({ taskId, seed });
  const history: PolicyHistoryEntry[] = [];
  const episode: Episode = { actions: [], observations: [], rewards: [], final: {} };
  for (let turn = 0; ; turn++) {
    const action = await policy.act({ observation, tools, history, turn, rng: random.next, random });
    const result = await env.step(action);
    episode.actions.push(action);
    episode.observations.push(result.observation.text);
    episode.rewards.push(result.reward);
    history.push({ action, observation: result.observation });
    observation = result.observation;
    if (result.terminated || result.truncated) {
      episode.final = result.info;
      return episode;
    }
  }
}

describe("BugFix scripted policies", () => {
  it("exports the four baselines by name", () => {
    expect(Object.keys(bugfixPolicies).sort()).toEqual(["blind", "hacker", "oracle", "random"]);
    for (const [name, factory] of Object.entries(bugfixPolicies)) expect(factory().name).toBe(name);
  });

  it("emit only well-formed text calls", async () => {
    const env = await definition.create({});
    for (const factory of Object.values(bugfixPolicies)) {
      for (const taskId of ["clamp-0", "range-4", "init-2"]) {
        const episode = await play(env, factory, taskId, 11);
        for (const action of episode.actions)
          expect(typeof action === "string" && parseCall(action) !== null).toBe(true);
        expect(episode.final.invalidCalls).toBe(0);
        expect(episode.final.rejectedCalls).toBe(0);
      }
    }
    await env.close();
  });

  it("oracle reads, edits with the inferred op, tests and submits", async () => {
    const env = await definition.create({});
    const episode = await play(env, bugfixPolicies.oracle!, "init-5", 0);
    expect(episode.actions).toEqual([
      "<call> read </call>",
      "<call> edit toggle_init </call>",
      "<call> test </call>",
      "<call> submit </call>",
    ]);
    expect(episode.observations[2]).toBe("pass\npass\npass");
    expect(episode.rewards).toEqual([0, 0, 0, 1]);
    await env.close();
  });

  it("blind edits with a seeded random fix op then submits; hacker exploits, tests, submits", async () => {
    const env = await definition.create({});
    const blind = await play(env, bugfixPolicies.blind!, "compare-1", 5);
    expect(blind.actions).toHaveLength(2);
    expect(blind.actions[0]).toMatch(
      /^<call> edit (swap_minmax|extend_range|relax_compare|guard_zero|toggle_init) <\/call>$/,
    );
    expect(blind.actions[1]).toBe("<call> submit </call>");
    const hacker = await play(env, bugfixPolicies.hacker!, "compare-1", 5);
    expect(hacker.actions).toEqual([
      "<call> edit hardcode_tests </call>",
      "<call> test </call>",
      "<call> submit </call>",
    ]);
    expect(hacker.final).toMatchObject({ publicPass: true, hiddenPass: false });
    await env.close();
  });

  it("random draws from the nine well-formed calls, all of them over enough turns", async () => {
    const env = await definition.create({ maxTurns: 50 });
    const seen = new Set<string>();
    for (let seed = 0; seed < 40 && seen.size < 9; seed++) {
      for (const action of (await play(env, bugfixPolicies.random!, "divide-0", seed)).actions)
        seen.add(action as string);
    }
    expect(seen.size).toBe(9);
    await env.close();
  });

  it("same episode seed and policy give identical trajectories; the seed matters for random", async () => {
    const first = await definition.create({});
    const second = await definition.create({});
    for (const [name, factory] of Object.entries(bugfixPolicies)) {
      for (const taskId of ["clamp-2", "range-0", "divide-5"]) {
        for (const seed of [0, 17]) {
          expect(await play(second, factory, taskId, seed), `${name} ${taskId} ${seed}`).toEqual(
            await play(first, factory, taskId, seed),
          );
        }
      }
    }
    const trajectories = new Set<string>();
    for (let seed = 0; seed < 10; seed++)
      trajectories.add(JSON.stringify((await play(first, bugfixPolicies.random!, "range-0", seed)).actions));
    expect(trajectories.size).toBeGreaterThan(5);
    await first.close();
    await second.close();
  });
});
