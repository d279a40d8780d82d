import { describe, expect, it } from "vitest";
import type { ActionInput } from "../core/action.js";
import { type EnvriggerError, isEnvriggerError } from "../core/errors.js";
import { TestEnv, type TestEnvOptions } from "../testing/test-env.js";
import { SetupLayer } from "./setup-layer.js";
import { validateSetup } from "./validate-setup.js";

const inc = { name: "inc", args: {} };
const task = { taskId: "t1", seed: 3 };

/** A TestEnv whose `submit` does not end the episode (so a replay can pre-solve it). */
const lenientSubmit: TestEnvOptions = {
  onStep: (state, action) => {
    if (action.name === "inc") state.counter += 1;
    return action.name === "submit" ? "submitted" : `counter ${state.counter}`;
  },
};

async function setupError(actions: ActionInput[], options: TestEnvOptions = {}): Promise<EnvriggerError> {
  const error = await new SetupLayer(new TestEnv(options), actions).reset(task).catch((caught: unknown) => caught);
  if (!isEnvriggerError(error, "SETUP_INVALID")) throw new Error(`expected SETUP_INVALID, got ${String(error)}`);
  return error;
}

describe("SetupLayer", () => {
  it("replays its actions after reset and returns a fresh observation of the new start", async () => {
    const layer = new SetupLayer(new TestEnv(), [inc, "inc"]);
    const reset = await layer.reset(task);
    expect(reset.observation).toEqual({ text: "counter 2; reach 3 then submit", data: { counter: 2 } });
    expect(reset.info.taskId).toBe("t1");
    expect(reset.info.maxTurns).toBe(10);
    expect(reset.info.setupReplay).toEqual([
      { action: inc, observation: { text: "counter 1" } },
      { action: "inc", observation: { text: "counter 2" } },
    ]);
    const step = await layer.step(inc);
    expect(step.info.layers).toBeUndefined();
    expect(step.info.counter).toBe(3);
  });

  it("calls notifyReplayComplete, so the replay is not charged to the turn budget", async () => {
    const layer = new SetupLayer(new TestEnv({ maxTurns: 3 }), [inc, inc]);
    await layer.reset(task);
    expect((await layer.stateView()).turns).toBe(0);
    const first = await layer.step({ name: "peek", args: {} });
    const second = await layer.step({ name: "peek", args: {} });
    expect([first.truncated, second.truncated]).toEqual([false, false]);
    expect((await layer.step({ name: "peek", args: {} })).truncated).toBe(true);
  });

  it("is invalid when an action names an unknown tool, naming the step, action and reason", async () => {
    const error = await setupError([inc, { name: "teleport", args: { to: 3 } }]);
    expect(error.message).toContain("Setup step 1 (teleport(to=3))");
    expect(error.message).toContain('tool "teleport" is not one of the env\'s tools');
  });

  it("is invalid when a replayed step reports an actionError", async () => {
    const error = await setupError([inc, { name: "peek", args: {} }], {
      onStep: (state, action) =>
        action.name === "peek" ? "error: peeking is not allowed now" : `counter ${++state.counter}`,
    });
    expect(error.message).toContain("Setup step 1 (peek())");
    expect(error.message).toContain("the env refused the action: error: peeking is not allowed now");
  });

  it("is invalid when a replayed step ends the episode (terminated or truncated)", async () => {
    expect((await setupError([inc, { name: "submit", args: {} }])).message).toContain(
      "Setup step 1 (submit()): the episode ended (terminated)",
    );
    expect((await setupError([inc, inc, inc], { maxTurns: 2 })).message).toContain(
      "Setup step 1 (inc()): the episode ended (truncated)",
    );
  });

  it("is invalid when the replay already solves the task", async () => {
    const error = await setupError([inc, inc, inc, { name: "submit", args: {} }], lenientSubmit);
    expect(error.message).toContain("already solved after the Setup's 4 action(s)");
    const notSolved = new SetupLayer(new TestEnv(lenientSubmit), [inc, inc, { name: "submit", args: {} }]);
    expect((await notSolved.reset(task)).observation.data).toEqual({ counter: 2 });
  });

  it("records its actions as a layer spec", () => {
    expect(new SetupLayer(new TestEnv(), [inc, "peek"]).toLayerSpec()).toEqual({
      kind: "setup",
      actions: [inc, "peek"],
    });
  });
});

describe("validateSetup", () => {
  it("accepts a valid Setup", async () => {
    expect(await validateSetup(new TestEnv(), task, [inc, "inc"])).toEqual({ ok: true, issues: [] });
  });

  it("returns every static issue at once, with 1-based lines", async () => {
    const report = await validateSetup(new TestEnv(), task, [inc, "two words", { name: "jump", args: {} }]);
    expect(report.ok).toBe(false);
    expect(report.issues.map((issue) => [issue.code, issue.line])).toEqual([
      ["malformed", 2],
      ["unknown-tool", 3],
    ]);
  });

  it("returns runtime issues as data", async () => {
    expect((await validateSetup(new TestEnv(), task, [{ name: "submit", args: {} }])).issues[0]?.code).toBe(
      "episode-ended",
    );
    const presolved = await validateSetup(new TestEnv({ ...lenientSubmit, target: 1 }), task, [
      inc,
      { name: "submit", args: {} },
    ]);
    expect(presolved.issues.map((issue) => issue.code)).toEqual(["pre-solved"]);
    const throwing = new TestEnv({
      onStep: () => {
        throw new Error("disk full");
      },
    });
    const thrown = await validateSetup(throwing, task, [inc]);
    expect(thrown.issues).toEqual([{ code: "exception", message: "the env threw during the Setup: disk full" }]);
  });
});

describe("SetupLayer prefixes", () => {
  it("replays every action when no prefixes are given", async () => {
    const setup = new SetupLayer(new TestEnv({ target: 5 }), [inc, inc]);
    await setup.reset({ taskId: "t", seed: 1 });
    expect((await setup.stateView()).counter).toBe(2);
  });

  it("replays, per episode, a prefix drawn by weight from the reset seed", async () => {
    const setup = new SetupLayer(
      new TestEnv({ target: 5 }),
      [inc, inc, inc],
      [
        { length: 1, weight: 1 },
        { length: 3, weight: 3 },
      ],
    );
    const counters: number[] = [];
    for (let seed = 0; seed < 400; seed++) {
      await setup.reset({ taskId: "t", seed });
      counters.push(Number((await setup.stateView()).counter));
    }
    expect(new Set(counters)).toEqual(new Set([1, 3]));
    const long = counters.filter((counter) => counter === 3).length / counters.length;
    expect(long).toBeGreaterThan(0.68);
    expect(long).toBeLessThan(0.82);
    // The same seed draws the same prefix.
    await setup.reset({ taskId: "t", seed: 7 });
    const again = Number((await setup.stateView()).counter);
    expect(again).toBe(counters[7]);
  });

  it("keeps its prefixes in the layer spec it prints", async () => {
    const prefixes = [
      { length: 0, weight: 1 },
      { length: 2, weight: 1 },
    ];
    const setup = new SetupLayer(new TestEnv({ target: 5 }), [inc, inc], prefixes);
    expect(setup.toLayerSpec()).toEqual({ kind: "setup", actions: [inc, inc], prefixes });
  });
});
