import { describe, expect, it } from "vitest";
import type { ActionInput } from "../core/action.js";
import type { ActionableEnv } from "../core/actionable-env.js";
import { FunctionRulesRuntime, type FunctionRulesHooks } from "../testing/function-rules-runtime.js";
import { playEpisode } from "../testing/play-episode.js";
import { TestEnv } from "../testing/test-env.js";
import { ChainLayer } from "./chain-layer.js";
import { RulesLayer } from "./rules-layer.js";
import { SetupLayer } from "./setup-layer.js";

const inc = { name: "inc", args: {} };
const dec = { name: "dec", args: {} };
const peek = { name: "peek", args: {} };
const submit = { name: "submit", args: {} };
const task = { taskId: "t1", seed: 21 };

/** Rules whose behaviour depends on memory, turn, state and the seeded random. */
const statefulHooks: FunctionRulesHooks = {
  filterAction: (action, context) => {
    context.memory.incs = Number(context.memory.incs ?? 0) + (action.name === "inc" ? 1 : 0);
    return action.name === "dec" && Number(context.memory.incs) >= 2
      ? { kind: "block", reason: "no going back" }
      : { kind: "pass" };
  },
  modifyTransition: (_action, transition, context) => ({
    text: `${transition.observation.text} (incs ${String(context.memory.incs)}, roll ${context.random().toFixed(3)})`,
  }),
  filterObservation: (observation, context) => ({
    text: `${observation.text} [turn ${context.turn}, counter ${String(context.state.counter)}]`,
  }),
};

const rulesOver = (inner: ActionableEnv) => new RulesLayer(inner, new FunctionRulesRuntime(statefulHooks));

const stacks: Record<string, () => ActionableEnv> = {
  setup: () => new SetupLayer(new TestEnv(), [inc, "inc"]),
  rules: () => rulesOver(new TestEnv()),
  "chain serial": () =>
    new ChainLayer(new TestEnv({ target: 2 }), rulesOver(new TestEnv({ target: 1 })), {
      mode: "serial",
      secondTaskId: "t2",
      banner: "next",
    }),
  "chain alternate": () =>
    new ChainLayer(rulesOver(new TestEnv({ target: 2 })), new TestEnv({ target: 1 }), {
      mode: "alternate",
      secondTaskId: "t2",
    }),
  "rules over setup inside a chain": () =>
    new ChainLayer(rulesOver(new SetupLayer(new TestEnv({ target: 4 }), [inc])), new SetupLayer(new TestEnv(), [inc]), {
      mode: "serial",
      secondTaskId: "h1",
    }),
};

const actions: ActionInput[] = [
  inc,
  dec,
  inc,
  "inc",
  dec,
  peek,
  "dec",
  submit,
  inc,
  dec,
  inc,
  peek,
  submit,
  inc,
  submit,
];

describe("save → restore → continue", () => {
  for (const [kind, create] of Object.entries(stacks)) {
    it(`equals the uninterrupted episode for ${kind}`, async () => {
      const uninterrupted = await playEpisode(create(), task, actions);
      expect(uninterrupted.steps.length).toBeGreaterThan(4);
      for (let saveAt = 1; saveAt < uninterrupted.steps.length; saveAt++) {
        const resumed = await playEpisode(create(), task, actions, { saveAt, resumeIn: create() });
        expect(resumed, `saved before step ${saveAt}`).toEqual(uninterrupted);
      }
    });
  }

  it("the stateful Rules really change the trajectory (the comparison is not vacuous)", async () => {
    const plain = await playEpisode(new TestEnv(), task, actions);
    const ruled = await playEpisode(rulesOver(new TestEnv()), task, actions);
    expect(ruled.steps.map((step) => step.observation.text)).not.toEqual(
      plain.steps.map((step) => step.observation.text),
    );
    expect(ruled.steps.some((step) => step.info.blocked === true)).toBe(true);
  });
});
