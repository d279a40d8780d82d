import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Action } from "../../core/action.js";
import type { ActionableEnv } from "../../core/actionable-env.js";
import { checkEnv } from "../../core/check-env.js";
import { createLlmPolicy } from "../../policies/llm/create-llm-policy.js";
import { runEpisode } from "../../rollout/run-episode.js";
import { chromiumForTests } from "../../testing/chromium-for-tests.js";
import { ScriptedChatModel } from "../../testing/scripted-chat-model.js";
import { launchChromium } from "./miniwob-browser.js";
import { miniwobEnv } from "./miniwob-env-definition.js";
import { MiniwobEnv } from "./miniwob-env.js";
import { MiniwobTaskCatalog } from "./miniwob-task-catalog.js";
import type { WebElement } from "./web-element.js";

const elementsOf = (data: unknown) => (data as { elements: WebElement[] }).elements;

describe.skipIf(!chromiumForTests("miniwob env tests"))("the miniwob env in Chromium", () => {
  let env: ActionableEnv;
  beforeAll(async () => {
    env = await miniwobEnv.create({ maxTurns: 6 });
  });
  afterAll(async () => {
    await env?.close();
  });

  it("starts seeded episodes: same seed, same utterance and DOM view; another seed, another page", async () => {
    const first = await env.reset({ taskId: "click-button", seed: 3 });
    const again = await env.reset({ taskId: "click-button", seed: 3 });
    const other = await env.reset({ taskId: "click-button", seed: 4 });
    expect(again.observation).toEqual(first.observation);
    expect(other.observation.text).not.toBe(first.observation.text);
    expect(first.observation.text).toMatch(/^Task: Click on the "[^"]+" button\.\n\[\d+\] /);
    expect(first.observation.text).toMatch(/\[\d+\] button "/);
    expect(first.info).toMatchObject({ taskId: "click-button", maxTurns: 6 });
    expect(first.observation.data).toMatchObject({ isError: false, episodeOver: false });
  });

  it("takes the page's verdict: the named button scores 1, another button -1", async () => {
    const reset = await env.reset({ taskId: "click-button", seed: 3 });
    const named = /"([^"]+)" button/.exec(reset.observation.text)?.[1] ?? "";
    const buttons = elementsOf(reset.observation.data).filter((element) => element.kind === "button");
    const right = buttons.find((element) => element.name === named) as WebElement;
    const step = await env.step({ name: "click", args: { ref: right.ref } });
    expect(step).toMatchObject({
      reward: 1,
      terminated: true,
      truncated: false,
      info: { stop: "page", success: true, actionError: null },
    });
    expect(await env.evaluate()).toMatchObject({ success: true, score: 1 });
    await expect(env.step({ name: "click", args: { ref: right.ref } })).rejects.toMatchObject({ code: "EPISODE_OVER" });

    // A seed whose page has a button with another name.
    for (let seed = 0; seed < 20; seed++) {
      const page = await env.reset({ taskId: "click-button", seed });
      const wanted = /"([^"]+)" button/.exec(page.observation.text)?.[1];
      const wrong = elementsOf(page.observation.data).find(
        (element) => element.kind === "button" && element.name !== wanted,
      );
      if (!wrong) continue;
      const miss = await env.step({ name: "click", args: { ref: wrong.ref } });
      expect(miss).toMatchObject({ reward: -1, terminated: true, info: { success: false } });
      expect(await env.evaluate()).toMatchObject({ success: false, score: -1 });
      return;
    }
    expect.unreachable("no seed with two differently named buttons");
  });

  it("answers unknown refs and impossible actions with isError results, never exceptions", async () => {
    const reset = await env.reset({ taskId: "enter-text", seed: 1 });
    const elements = elementsOf(reset.observation.data);
    const button = elements.find((element) => element.kind === "button") as WebElement;
    const field = elements.find((element) => element.kind === "input") as WebElement;
    const refused: Action[] = [
      { name: "click", args: { ref: 999 } },
      { name: "type", args: { ref: button.ref, text: "x" } },
      { name: "select", args: { ref: field.ref, option: "a" } },
      { name: "press", args: { key: "NoSuchKey" } },
      { name: "fly", args: {} },
    ];
    for (const action of refused) {
      const step = await env.step(action);
      expect(step.observation.data).toMatchObject({ isError: true });
      expect(typeof step.info.actionError).toBe("string");
      expect(step.observation.text.startsWith("Error: ")).toBe(true);
      expect(step.terminated).toBe(false);
    }
    const last = await env.step({ name: "click", args: { ref: 999 } });
    expect(last).toMatchObject({ truncated: true, terminated: false, info: { stop: "budget" } });
  });

  it("types into a field and submits; stateView is plain JSON; save/restore replays", async () => {
    const reset = await env.reset({ taskId: "enter-text", seed: 2 });
    const value = /"([^"]+)"/.exec(reset.observation.text)?.[1] ?? "";
    const elements = elementsOf(reset.observation.data);
    const field = elements.find((element) => element.kind === "input") as WebElement;
    const submit = elements.find((element) => element.kind === "button") as WebElement;
    const typed = await env.step({ name: "type", args: { ref: field.ref, text: value } });
    expect(typed.observation.text).toContain(`[${field.ref}] input text ${JSON.stringify(value)}`);
    const view = await env.stateView();
    expect(JSON.parse(JSON.stringify(view))).toEqual(view);
    expect(view).toMatchObject({ taskId: "enter-text", episodeOver: false, turns: 1, lastActions: [{ name: "type" }] });
    const saved = await env.saveState();
    const submitted = await env.step({ name: "click", args: { ref: submit.ref } });
    expect(submitted).toMatchObject({ terminated: true, reward: 1 });
    await env.restoreState(saved);
    expect(await env.stateView()).toEqual(view);
    expect(await env.step({ name: "click", args: { ref: submit.ref } })).toEqual(submitted);
  });

  it("drives an LLM policy through the same tools (a scripted chat model reading the observation)", async () => {
    const model = new ScriptedChatModel(
      Array.from({ length: 3 }, () => (messages: Array<{ content: string }>) => {
        const text = messages.at(-1)?.content ?? "";
        const wanted = /"([^"]+)" button/.exec(text)?.[1] ?? "";
        const line = text.split("\n").find((candidate) => candidate.includes(`] button ${JSON.stringify(wanted)}`));
        const ref = Number(/^\[(\d+)\]/.exec(line ?? "")?.[1] ?? "999");
        return { kind: "tool-call" as const, name: "click", args: { ref }, usage: { inputTokens: 1, outputTokens: 1 } };
      }),
    );
    const policy = createLlmPolicy("openai:scripted", { chatModel: model, mode: "tools" })();
    const trajectory = await runEpisode(env, policy, { taskId: "click-button", seed: 8 });
    expect(trajectory).toMatchObject({ stopReason: "terminated", evaluation: { success: true, score: 1 } });
    expect(trajectory.steps).toHaveLength(1);
  });

  it("passes checkEnv on a sample of tasks (shapes, same-seed determinism, save/restore, double close)", async () => {
    // The instances share one Chromium (each its own context and page), to keep launches few.
    const browser = await launchChromium();
    try {
      const catalog = MiniwobTaskCatalog.read();
      for (const taskId of ["click-checkboxes", "click-menu-2"]) {
        const report = await checkEnv(async () => new MiniwobEnv(catalog, { maxTurns: 8, browser }), {
          taskId,
          seed: 5,
          maxSteps: 5,
        });
        expect(report.issues).toEqual([]);
        expect(report.steps).toBeGreaterThan(0);
      }
    } finally {
      await browser.close();
    }
    // A dozen page loads, each settled by its events: on a loaded machine that is more than the default minute.
  }, 180_000);
});
