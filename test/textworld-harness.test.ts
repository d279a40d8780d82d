import { describe, expect, it } from "vitest";
import { textworldEnv } from "../src/bridges/textworld/textworld-env-definition.js";
import { buildStack } from "../src/harness/build-stack.js";
import type { HarnessStackSpec } from "../src/harness/harness-stack-spec.js";
import { productStackDependencies } from "../src/app/product-stack-dependencies.js";
import { runEpisode } from "../src/rollout/run-episode.js";
import { SequencePolicy } from "../src/testing/sequence-policy.js";

// The generic harness components on a real text adventure (no TextWorld special case in
// src/harness): the paper's Stage example, a command ban, an observation cut and a Chain.
const game = "tw-another_game";
const walkthrough = [
  "open antique trunk",
  "take old key from antique trunk",
  "unlock wooden door with old key",
  "open wooden door",
  "go east",
  "go south",
  "take milk from couch",
  "go north",
  "put milk on stove",
];
const base = { env: "textworld", taskId: game };
const command = (text: string) => ({ name: "command", args: { text } });
const dependencies = productStackDependencies();

async function play(spec: HarnessStackSpec, actions: string[], seed = 1) {
  const env = await buildStack(spec, dependencies);
  try {
    return await runEpisode(env, new SequencePolicy(actions.map(command)), {
      taskId: spec.base.taskId,
      seed,
      maxTurns: actions.length,
    });
  } finally {
    await env.close();
  }
}

describe("harness components on TextWorld", () => {
  it("Setup replays commands as a scaffold: the policy starts after them, with its whole budget", async () => {
    const env = await buildStack(
      { version: 1, base, layers: [{ kind: "setup", actions: walkthrough.slice(0, 4).map(command) }] },
      dependencies,
    );
    try {
      const reset = await env.reset({ taskId: game, seed: 1 });
      const view = await env.stateView();
      expect(view.turns).toBe(0);
      expect(reset.info.setupReplay).toBeDefined();
      const trajectory = await runEpisode(env, new SequencePolicy(walkthrough.slice(4).map(command)), {
        taskId: game,
        seed: 1,
      });
      expect(trajectory.evaluation?.success).toBe(true);
      expect(trajectory.steps).toHaveLength(5);
    } finally {
      await env.close();
    }
  });

  it("Setup as the paper's Stage example: the key is moved before the agent acts, so the walkthrough no longer works as is", async () => {
    // Take the key out of the trunk and drop it in the bedroom: the recorded plan's
    // "take old key from antique trunk" now fails and the agent must search.
    const moved: HarnessStackSpec = {
      version: 1,
      base,
      layers: [
        {
          kind: "setup",
          actions: ["open antique trunk", "take old key from antique trunk", "close antique trunk", "drop old key"].map(
            command,
          ),
        },
      ],
    };
    const blindPlan = await play(moved, walkthrough.slice(1));
    expect(blindPlan.evaluation?.success).toBe(false);
    const adapted = await play(moved, ["take old key", ...walkthrough.slice(2)]);
    expect(adapted.evaluation?.success).toBe(true);
  });

  it("Rules forbid a command and cut observations; the base verifier is unchanged", async () => {
    const noEast = `export default defineRules({
  filterAction(action, context) {
    const text = String(action.args.text ?? "");
    if (/^go east$/.test(text)) return { block: "the corridor east is closed in this variant" };
    return undefined;
  },
  filterObservation(observation, context) {
    const lines = observation.text.split("\\n");
    return lines.length > 3 ? { text: lines.slice(0, 3).join("\\n") + "\\n[…]", data: observation.data } : undefined;
  },
});
`;
    const trajectory = await play({ version: 1, base, layers: [{ kind: "rules", source: noEast }] }, walkthrough);
    const blocked = trajectory.steps.find((step) => step.envAction === null);
    expect(blocked?.observation.text).toContain("corridor east is closed");
    expect(trajectory.evaluation?.success).toBe(false);
    expect(trajectory.steps.every((step) => step.observation.text.split("\n").length <= 4)).toBe(true);
    const unwrapped = await play({ version: 1, base, layers: [] }, walkthrough);
    expect(unwrapped.evaluation?.success).toBe(true);
  });

  it("Chain runs two games in series; the verdict needs both", async () => {
    const spec: HarnessStackSpec = {
      version: 1,
      base,
      layers: [
        {
          kind: "chain",
          mode: "serial",
          banner: "Well done. Next game:",
          other: { version: 1, base: { env: "textworld", taskId: "tw-rewardsDense_goalDetailed-quest-1" }, layers: [] },
        },
      ],
    };
    const env = await buildStack(spec, dependencies);
    try {
      const trajectory = await runEpisode(env, new SequencePolicy([...walkthrough, "open chest drawer"].map(command)), {
        taskId: game,
        seed: 3,
      });
      expect(env.describe()).toBe("Chain<textworld, textworld>");
      expect(trajectory.steps.some((step) => step.observation.text.includes("Well done. Next game:"))).toBe(true);
      expect(trajectory.evaluation?.success).toBe(true);
      expect(trajectory.steps).toHaveLength(walkthrough.length + 1);
      // Only the first game finished: not a success.
      const half = await runEpisode(env, new SequencePolicy(walkthrough.map(command)), {
        taskId: game,
        seed: 3,
        maxTurns: walkthrough.length,
      });
      expect(half.evaluation?.success).toBe(false);
    } finally {
      await env.close();
      await textworldEnv.dispose?.();
    }
  });
});
