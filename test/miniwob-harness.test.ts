import { describe, expect, it } from "vitest";
import type { ActionableEnv } from "../src/core/actionable-env.js";
import { productStackDependencies } from "../src/app/product-stack-dependencies.js";
import { buildStack } from "../src/harness/build-stack.js";
import type { HarnessStackSpec } from "../src/harness/harness-stack-spec.js";
import { createDomHeuristicPolicy } from "../src/policies/miniwob/dom-heuristic-policy.js";
import { runRollouts } from "../src/rollout/run-rollouts.js";
import { summarize } from "../src/rollout/summarize.js";
import { chromiumForTests } from "../src/testing/chromium-for-tests.js";

/** A Rules layer that hides every element of one kind (here: buttons) from the text view and the data. */
const hideButtons = `
export default defineRules({
  filterObservation(observation) {
    const text = observation.text.split("\\n").filter((line) => !/^\\[\\d+\\] button /.test(line)).join("\\n");
    const data = observation.data;
    if (!data || !Array.isArray(data.elements)) return { text };
    const elements = data.elements.filter((element) => !(element && typeof element === "object" && !Array.isArray(element) && element.kind === "button"));
    return { text, data: { ...data, elements } };
  },
});
`;

const spec = (taskId: string, layers: HarnessStackSpec["layers"]): HarnessStackSpec => ({
  version: 1,
  base: { env: "miniwob", taskId },
  layers,
});

async function successOf(
  stack: ActionableEnv,
  taskId: string,
  episodes: number,
): Promise<{ rate: number; texts: string[] }> {
  const texts: string[] = [];
  const trajectories = await runRollouts({
    createEnv: async () => stack,
    policy: () => {
      const policy = createDomHeuristicPolicy();
      return { name: policy.name, act: (input) => (texts.push(input.observation.text), policy.act(input)) };
    },
    tasks: [{ taskId }],
    episodes,
    seed: 11,
  });
  return { rate: summarize(trajectories).successRate, texts };
}

describe.skipIf(!chromiumForTests("miniwob harness examples"))("Setup and Rules on web tasks", () => {
  it("Setup: a pre-filled field misleads dom-heuristic, which only types into empty fields", async () => {
    // enter-text: [5] is the text field, [6] Submit, whatever the seed (refs count every rendered element).
    const plain = await buildStack(spec("enter-text", []), productStackDependencies());
    const prefilled = await buildStack(
      spec("enter-text", [{ kind: "setup", actions: [{ name: "type", args: { ref: 5, text: "prefilled" } }] }]),
      productStackDependencies(),
    );
    try {
      expect((await successOf(plain, "enter-text", 3)).rate).toBe(1);
      const staged = await successOf(prefilled, "enter-text", 3);
      expect(staged.texts[0]).toContain('[5] input text "prefilled"');
      expect(staged.rate).toBe(0);
    } finally {
      await plain.close();
      await prefilled.close();
    }
  });

  it("Setup: a menu opened before the policy acts shows its items in the first observation", async () => {
    // click-menu-2: [4] is the "Menu" button that opens the menu.
    const opened = await buildStack(
      spec("click-menu-2", [{ kind: "setup", actions: [{ name: "click", args: { ref: 4 } }] }]),
      productStackDependencies(),
    );
    try {
      const reset = await opened.reset({ taskId: "click-menu-2", seed: 3 });
      expect(reset.observation.text).toMatch(/\[\d+\] text "Save"/);
      expect(await opened.evaluate()).toMatchObject({ success: false });
      const closed = await buildStack(spec("click-menu-2", []), productStackDependencies());
      try {
        expect((await closed.reset({ taskId: "click-menu-2", seed: 3 })).observation.text).not.toMatch(/"Save"/);
      } finally {
        await closed.close();
      }
    } finally {
      await opened.close();
    }
  });

  it("Rules: hiding the buttons from the observation takes click-button from solved to unsolved", async () => {
    const plain = await buildStack(spec("click-button", []), productStackDependencies());
    const hidden = await buildStack(
      spec("click-button", [{ kind: "rules", name: "hide-buttons", source: hideButtons }]),
      productStackDependencies(),
    );
    try {
      expect((await successOf(plain, "click-button", 3)).rate).toBe(1);
      const masked = await successOf(hidden, "click-button", 3);
      expect(masked.texts.every((text) => !/\] button "/.test(text))).toBe(true);
      expect(masked.rate).toBe(0);
      expect(hidden.describe()).toBe("Rules<miniwob>");
    } finally {
      await plain.close();
      await hidden.close();
    }
  });
});
