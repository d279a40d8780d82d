import { afterAll, describe, expect, it } from "vitest";
import type { Action } from "../../core/action.js";
import { isEnvriggerError } from "../../core/errors.js";
import type { StepResult } from "../../core/step-result.js";
import { RulesLayer } from "../../harness/rules-layer.js";
import type { HookContextInput, RulesRuntime } from "../../harness/rules-runtime.js";
import { TestEnv } from "../../testing/test-env.js";
import { createRulesGroupSandbox } from "./create-rules-group-sandbox.js";
import type { RulesSandboxOptions } from "./rules-sandbox-options.js";
import type { SandboxRulesGroupMember } from "./sandbox-rules-group-member.js";
import { transpileComponent } from "./transpile-component.js";

const runtimes: RulesRuntime[] = [];
afterAll(() => {
  for (const runtime of runtimes) runtime.dispose();
});

/** Load `source` (not statically checked, so the tests can misbehave) alone: the only member of a group of one. */
function sandbox(source: string, options: RulesSandboxOptions = {}): SandboxRulesGroupMember {
  const transpiled = transpileComponent(source);
  if (!transpiled.ok) throw new Error(JSON.stringify(transpiled.issues));
  const result = createRulesGroupSandbox([{ script: transpiled.script }], options);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  const runtime = result.group.members[0]!;
  runtimes.push(runtime);
  return runtime;
}

/** The same runtime seen through the plain interface only: every hook is its own call. */
function oneHookPerCall(runtime: RulesRuntime): RulesRuntime {
  return {
    hooks: runtime.hooks,
    usesState: runtime.usesState,
    filterAction: (action, context) => runtime.filterAction(action, context),
    modifyTransition: (action, transition, context) => runtime.modifyTransition(action, transition, context),
    filterObservation: (observation, context) => runtime.filterObservation(observation, context),
    dispose: () => runtime.dispose(),
  };
}

const inc = { name: "inc", args: {} };
const task = { taskId: "t1", seed: 5 };

/** Every step result (or error message) of an episode of `actions` through a Rules layer on `runtime`. */
async function episode(runtime: RulesRuntime, actions: Action[]): Promise<Array<StepResult | string>> {
  const layer = new RulesLayer(new TestEnv({ maxTurns: 4 }), runtime);
  const results: Array<StepResult | string> = [];
  results.push((await layer.reset(task)).observation.text);
  for (const action of actions) {
    try {
      results.push(await layer.step(action));
    } catch (error) {
      results.push(isEnvriggerError(error) ? error.message : String(error));
      break;
    }
  }
  results.push(JSON.stringify(await layer.saveState()));
  return results;
}

const context: HookContextInput = { state: {}, memory: {}, turn: 0, seed: 1 };

describe("modifyTransition then filterObservation in one call", () => {
  it("gives the same steps, memory and traces as one call per hook", async () => {
    const source = `
export default defineRules({
  modifyTransition(action, transition, context) {
    context.memory.seen = [...((context.memory.seen as string[] | undefined) ?? []), transition.observation.text];
    // Changing the arguments changes nothing outside this hook.
    transition.observation.text = "changed in place";
    if (context.turn === 1) return { text: "patched " + context.random().toFixed(6), data: { turn: context.turn } };
    if (context.turn === 2) return { truncated: true };
    return undefined;
  },
  filterObservation(observation, context) {
    context.memory.count = ((context.memory.count as number | undefined) ?? 0) + 1;
    return { text: observation.text + " | " + JSON.stringify(observation.data ?? null) + " | " + context.random().toFixed(6) + " | " + String(context.state.counter) };
  },
});`;
    const actions = [inc, inc, inc, inc];
    const combined = sandbox(source);
    expect(typeof combined.modifyTransitionThenFilterObservation).toBe("function");
    expect(await episode(combined, actions)).toEqual(await episode(oneHookPerCall(sandbox(source)), actions));
  });

  it("runs filterObservation only after a patch the host accepts, and reports modifyTransition's failures as its own", async () => {
    const source = `
export default defineRules({
  modifyTransition(action, transition) {
    if (transition.info.counter === 1) return { reward: 5 } as never;
    if (transition.info.counter === 2) throw new Error("broken patch");
    return { truncated: false };
  },
  filterObservation(observation, context) {
    context.memory.filtered = true;
    return undefined;
  },
});`;
    const runtime = sandbox(source);
    const transition = {
      observation: { text: "x" },
      reward: 0,
      terminated: false,
      truncated: false,
      info: { counter: 1 },
    };
    const refused = await runtime.modifyTransitionThenFilterObservation(inc, transition, context);
    expect(refused.transition).toMatchObject({
      ok: false,
      code: "bad-output",
      message: expect.stringContaining("cannot change reward"),
    });
    expect(refused.observation).toBeUndefined();
    const threw = await runtime.modifyTransitionThenFilterObservation(
      inc,
      { ...transition, info: { counter: 2 } },
      context,
    );
    expect(threw).toEqual({ transition: { ok: false, code: "threw", message: "Error: broken patch", fatal: false } });
    const untruncating = await runtime.modifyTransitionThenFilterObservation(
      inc,
      { ...transition, truncated: true, info: { counter: 3 } },
      context,
    );
    expect(untruncating.transition).toMatchObject({
      ok: false,
      code: "bad-output",
      message: expect.stringContaining("cannot set truncated to false"),
    });
    expect(untruncating.observation).toBeUndefined();
    const accepted = await runtime.modifyTransitionThenFilterObservation(
      inc,
      { ...transition, info: { counter: 3 } },
      context,
    );
    expect(accepted).toEqual({
      transition: { ok: true, value: { truncated: false }, memory: {} },
      observation: { ok: true, value: { text: "x" }, memory: { filtered: true } },
    });
  });

  it("blames the hook that ran too long, and gives filterObservation a full timeout of its own", async () => {
    const source = `
export default defineRules({
  modifyTransition(action, transition) {
    if (action.name === "slow-transition") { while (true) {} }
    return undefined;
  },
  filterObservation(observation, context) {
    if (observation.text === "slow") { while (true) {} }
    return { text: "filtered " + observation.text };
  },
});`;
    const runtime = sandbox(source, { timeoutMs: 50, wallTimeoutMs: 200 });
    const transition = { observation: { text: "slow" }, reward: 0, terminated: false, truncated: false, info: {} };
    // Each hook of a group call has its own budget and backstop: filterObservation's timeout is its own.
    const slowObservation = await runtime.modifyTransitionThenFilterObservation(inc, transition, context);
    expect(slowObservation).toEqual({
      transition: { ok: true, value: {}, memory: {} },
      observation: {
        ok: false,
        code: "timeout",
        message: "the hook ran longer than its wall-clock limit of 200 ms and was stopped",
        fatal: false,
      },
    });
    expect(await runtime.filterObservation({ text: "slow" }, context)).toMatchObject({ ok: false, code: "timeout" });
    const slowTransition = await runtime.modifyTransitionThenFilterObservation(
      { name: "slow-transition", args: {} },
      transition,
      context,
    );
    // A hook that never returns is stopped by the wall-clock backstop (the CPU-time budget is checked when a hook returns).
    expect(slowTransition).toEqual({
      transition: {
        ok: false,
        code: "timeout",
        message: "the hook ran longer than its wall-clock limit of 200 ms and was stopped",
        fatal: false,
      },
    });
    const fine = await runtime.modifyTransitionThenFilterObservation(
      inc,
      { ...transition, observation: { text: "fast" } },
      context,
    );
    expect(fine.observation).toEqual({ ok: true, value: { text: "filtered fast" }, memory: {} });

    const layer = new RulesLayer(new TestEnv({ onStep: () => "slow" }), runtime);
    await layer.reset(task);
    const error = await layer.step(inc).catch((caught: unknown) => caught);
    expect(isEnvriggerError(error, "COMPONENT_RUNTIME") && error.message).toContain(
      "hook filterObservation failed (timeout)",
    );
  });

  it("stops a runaway microtask loop modifyTransition started at the backstop (blamed on the call's last hook, as in a fused group)", async () => {
    const runtime = sandbox(
      `
export default defineRules({
  modifyTransition() {
    const loop = async (): Promise<void> => { await null; return loop(); };
    void loop();
    return undefined;
  },
  filterObservation() { return undefined; },
});`,
      { timeoutMs: 50, wallTimeoutMs: 50 },
    );
    const transition = { observation: { text: "x" }, reward: 0, terminated: false, truncated: false, info: {} };
    // The loop's jobs run when the group call's hooks have returned, so the marker names the last hook run.
    expect(await runtime.modifyTransitionThenFilterObservation(inc, transition, context)).toEqual({
      transition: { ok: true, value: {}, memory: {} },
      observation: {
        ok: false,
        code: "timeout",
        message: "the hook ran longer than its wall-clock limit of 50 ms and was stopped",
        fatal: false,
      },
    });
  });

  it("is fatal for the hook that ran out of memory, and for every later call", async () => {
    const source = `
export default defineRules({
  modifyTransition() { return undefined; },
  filterObservation() {
    const blocks: number[][] = [];
    while (true) blocks.push(new Array(100_000).fill(blocks.length));
  },
});`;
    const runtime = sandbox(source, { timeoutMs: 10_000 });
    const transition = { observation: { text: "x" }, reward: 0, terminated: false, truncated: false, info: {} };
    const result = await runtime.modifyTransitionThenFilterObservation(inc, transition, context);
    expect(result).toEqual({
      transition: { ok: true, value: {}, memory: {} },
      observation: { ok: false, code: "memory", message: expect.stringContaining("ran out of memory"), fatal: true },
    });
    expect(await runtime.modifyTransition(inc, transition, context)).toMatchObject({ ok: false, code: "memory" });
    expect(await runtime.filterObservation({ text: "x" }, context)).toMatchObject({
      ok: false,
      code: "memory",
      fatal: true,
    });
  });
});
