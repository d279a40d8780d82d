import { describe, expect, it } from "vitest";
import { createBugFixEnvDefinition } from "../../bridges/bugfix/index.js";
import { PluginEnv } from "../../plugins/plugin-env.js";
import { runEpisode } from "../../rollout/run-episode.js";
import { LearnableModel } from "./learnable-model.js";
import { learnablePolicyFactory } from "./learnable-policy.js";
import { learnedPolicyFor } from "./resolve-learned-policy.js";

/** A plugin env whose only tool takes free text, so its candidates must come from `candidateActions`. */
function freeTextEnv() {
  let said = "";
  let _turn = 0;
  return new PluginEnv(
    "file:say",
    {
      tools: () => [
        {
          name: "say",
          description: "say a word",
          inputSchema: { type: "object", properties: { word: { type: "string" } }, required: ["word"] },
        },
      ],
      reset: () => ((said = ""), (_turn = 0), { observation: { text: "say hello" }, info: { maxTurns: 3 } }),
      step: (action: { args: { word: string } }) => (
        (said = action.args.word),
        (_turn += 1),
        {
          observation: { text: `you said ${said}` },
          reward: 0,
          terminated: said === "hello",
          truncated: false,
          info: {},
        }
      ),
      evaluate: () => ({ success: said === "hello", score: said === "hello" ? 1 : 0, metrics: {} }),
      candidateActions: () => [
        { name: "say", args: { word: "hello" } },
        { name: "say", args: { word: "bye" } },
      ],
    },
    async () => [{ id: "one", split: "train" }],
  );
}

describe("learnable policy", () => {
  it("chooses among an env's candidateActions when the schemas cannot enumerate the tools", async () => {
    const trajectory = await runEpisode(freeTextEnv(), learnablePolicyFactory(LearnableModel.initial())(), {
      taskId: "one",
      seed: 3,
    });
    expect(trajectory.stopReason).not.toBe("error");
    for (const step of trajectory.steps)
      expect(["hello", "bye"]).toContain((step.policyAction as unknown as { args: { word: string } }).args.word);
  });

  it("fails an episode clearly when there is nothing to choose from", async () => {
    const env = freeTextEnv();
    (env as unknown as { candidateActions: () => Promise<null> }).candidateActions = async () => null;
    const trajectory = await runEpisode(env, learnablePolicyFactory(LearnableModel.initial())(), {
      taskId: "one",
      seed: 3,
    });
    expect(trajectory.stopReason).toBe("error");
    expect(trajectory.error).toMatch(/no candidate actions/);
  });

  it("writes BugFix's grammar and decides from observations only (the task id changes nothing)", async () => {
    const definition = createBugFixEnvDefinition();
    const model = LearnableModel.initial();
    model.weights.forEach((_, index) => (model.weights[index] = Math.sin(index)));
    const factory = learnedPolicyFor(model, "bugfix");
    const env = await definition.create();
    const first = await runEpisode(env, factory(), { taskId: "clamp-0", seed: 11 });
    const again = await runEpisode(env, factory(), { taskId: "clamp-0", seed: 11 });
    expect(
      first.steps.every(
        (step) => typeof step.policyAction === "string" && /^<call> \w+( \w+)? <\/call>$/.test(step.policyAction),
      ),
    ).toBe(true);
    expect(again.steps.map((step) => step.policyAction)).toEqual(first.steps.map((step) => step.policyAction));
    // A policy handed another task id but the same observations acts the same.
    const policy = factory();
    policy.start?.({ taskId: "something-else", seed: 11, tools: [] });
    const tools = await env.tools();
    const input = { observation: first.initialObservation, tools, history: [], turn: 0 };
    const rng = () => 0.5;
    const random = {
      next: rng,
      int: () => 0,
      between: () => 0,
      chance: () => false,
      pick: <T>(items: readonly T[]) => items[0]!,
      shuffle: <T>(items: readonly T[]) => items.slice(),
    };
    const other = factory();
    other.start?.({ taskId: "clamp-0", seed: 11, tools: [] });
    expect(await policy.act({ ...input, rng, random })).toEqual(await other.act({ ...input, rng, random }));
    await env.close();
    definition.dispose();
  });
});
