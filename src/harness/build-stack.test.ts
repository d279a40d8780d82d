import { describe, expect, it } from "vitest";
import type { ActionInput } from "../core/action.js";
import { EnvriggerError, isEnvriggerError } from "../core/errors.js";
import { FunctionRulesRuntime, type FunctionRulesHooks } from "../testing/function-rules-runtime.js";
import { playEpisode } from "../testing/play-episode.js";
import { TestEnv } from "../testing/test-env.js";
import { TestEnvDefinition } from "../testing/test-env-definition.js";
import { buildStack, type BuildStackDependencies } from "./build-stack.js";
import type { HarnessStackSpec } from "./harness-stack-spec.js";
import { RulesLayer } from "./rules-layer.js";
import { stackSpecOf } from "./stack-spec-of.js";

const inc = { name: "inc", args: {} };
const task = { taskId: "t1", seed: 2 };

/** Rules "sources" the fake loader knows, each standing for a component. */
const components: Record<string, FunctionRulesHooks> = {
  "block inc": {
    filterAction: (action) => (action.name === "inc" ? { kind: "block", reason: "inc is blocked" } : { kind: "pass" }),
  },
  shout: { filterObservation: (observation) => ({ text: observation.text.toUpperCase() }) },
};

function dependencies(definition = new TestEnvDefinition()): BuildStackDependencies {
  return {
    resolveEnv: async (id) => {
      if (id !== definition.id) throw new EnvriggerError("UNKNOWN_ENV", `no env ${id}`);
      return definition;
    },
    loadRules: async (source) => {
      const hooks = components[source];
      return hooks
        ? { ok: true, runtime: new FunctionRulesRuntime(hooks) }
        : { ok: false, issues: [{ code: "type-error", message: "Cannot find name 'x'", line: 3 }] };
    },
  };
}

const spec: HarnessStackSpec = {
  version: 1,
  base: { env: "test", taskId: "t1", options: { target: 4 } },
  layers: [
    { kind: "setup", actions: [inc, "inc"] },
    { kind: "rules", source: "shout", name: "loud" },
    {
      kind: "chain",
      mode: "serial",
      banner: "Now the second task.",
      other: { version: 1, base: { env: "test", taskId: "t2" }, layers: [{ kind: "rules", source: "block inc" }] },
    },
  ],
};

const actions: ActionInput[] = [
  inc,
  inc,
  { name: "submit", args: {} },
  inc,
  { name: "dec", args: {} },
  { name: "submit", args: {} },
];

describe("buildStack", () => {
  it("builds the layers in order and round-trips through stackSpecOf and JSON", async () => {
    const built = await buildStack(spec, dependencies());
    expect(built.describe()).toBe("Chain<Rules<Setup<test>>, Rules<test>>");
    expect(stackSpecOf(built)).toEqual(spec);
    const rebuilt = await buildStack(JSON.parse(JSON.stringify(stackSpecOf(built))), dependencies());
    expect(rebuilt.describe()).toBe(built.describe());
    const first = await playEpisode(built, task, actions);
    expect(first.steps.length).toBe(6);
    expect(first.steps[2]?.observation.text).toBe("Now the second task.\n\ncounter 0; reach 3 then submit");
    expect(await playEpisode(rebuilt, task, actions)).toEqual(first);
    expect(await built.evaluate()).toEqual(await rebuilt.evaluate());
  });

  it("keeps the order: Setup then Rules differs from Rules then Setup", async () => {
    const setupThenRules = await buildStack(
      {
        version: 1,
        base: { env: "test", taskId: "t1" },
        layers: [
          { kind: "setup", actions: [inc] },
          { kind: "rules", source: "block inc" },
        ],
      },
      dependencies(),
    );
    const rulesThenSetup = await buildStack(
      {
        version: 1,
        base: { env: "test", taskId: "t1" },
        layers: [
          { kind: "rules", source: "block inc" },
          { kind: "setup", actions: [inc] },
        ],
      },
      dependencies(),
    );
    expect(setupThenRules.describe()).toBe("Rules<Setup<test>>");
    expect(rulesThenSetup.describe()).toBe("Setup<Rules<test>>");
    // The Setup acts below the Rules: the replay reaches the env, the policy's inc is blocked.
    expect((await setupThenRules.reset(task)).observation.data).toEqual({ counter: 1 });
    expect((await setupThenRules.step(inc)).info.blocked).toBe(true);
    // The Setup acts above the Rules: its own replayed inc is blocked, so the Setup is invalid.
    const error = await rulesThenSetup.reset(task).catch((caught: unknown) => caught);
    expect(isEnvriggerError(error, "SETUP_INVALID")).toBe(true);
    expect((error as Error).message).toContain("Setup step 0 (inc()): the env refused the action: inc is blocked");
  });

  it("throws INVALID_STACK listing the issues of a Rules source that fails to load, and closes what it built", async () => {
    const definition = new TestEnvDefinition();
    const broken: HarnessStackSpec = {
      version: 1,
      base: { env: "test", taskId: "t1" },
      layers: [
        { kind: "setup", actions: [inc] },
        { kind: "rules", source: "let y = x;", name: "bad" },
      ],
    };
    const error = await buildStack(broken, dependencies(definition)).catch((caught: unknown) => caught);
    expect(isEnvriggerError(error, "INVALID_STACK")).toBe(true);
    expect((error as Error).message).toContain(
      "Rules layer 1 (bad) failed to load:\n- [type-error] Cannot find name 'x' (line 3)",
    );
    const base = definition.created[0] as TestEnv;
    expect(isEnvriggerError(await base.reset(task).catch((caught: unknown) => caught), "ENV_CLOSED")).toBe(true);
  });

  it("rejects a spec of the wrong shape with INVALID_STACK", async () => {
    const wrong = {
      version: 1,
      base: { env: "test", taskId: "t1" },
      layers: [{ kind: "setup", actons: [] }],
    } as unknown as HarnessStackSpec;
    const error = await buildStack(wrong, dependencies()).catch((caught: unknown) => caught);
    expect(isEnvriggerError(error, "INVALID_STACK")).toBe(true);
    expect((error as Error).message).toContain("layers.0");
  });
});

describe("stackSpecOf", () => {
  it("refuses a stack whose base env was not built by buildStack", () => {
    const error = (() => {
      try {
        return stackSpecOf(new RulesLayer(new TestEnv(), new FunctionRulesRuntime({}), { source: "x" }));
      } catch (caught) {
        return caught;
      }
    })();
    expect(isEnvriggerError(error, "INVALID_STACK")).toBe(true);
  });
});
