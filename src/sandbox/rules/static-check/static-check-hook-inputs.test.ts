import { describe, expect, it } from "vitest";
import { hookInputMasks, layerReads } from "../hook-input-masks.js";
import { checkComponentSource } from "./static-check.js";

const component = (hooks: string, prelude = "") => `${prelude}\nexport default defineRules({\n${hooks}\n});\n`;
const inputsOf = (hooks: string, prelude = "") => {
  const check = checkComponentSource(component(hooks, prelude));
  if (!check.ok) throw new Error(`expected the component to pass: ${JSON.stringify(check.issues)}`);
  return check.inputs;
};

describe("readHookInputs (ComponentCheck.inputs)", () => {
  it("lists the keys a hook reads with plain member access, in the input's own order", () => {
    const inputs = inputsOf(`
  filterAction(action, context) {
    if (action.name === "x" && context.turn > 2) context.memory.seen = context.random();
    return undefined;
  },
  modifyTransition(action, transition, context) {
    return transition.truncated ? { truncated: true } : { text: transition.observation.text };
  },
  filterObservation(observation) {
    return { text: observation.text };
  },`);
    expect(inputs).toEqual({
      filterAction: [["name"], ["memory", "turn", "random"]],
      modifyTransition: [[], ["observation", "truncated"], []],
      filterObservation: [["text"], []],
    });
  });

  it("takes destructured keys, and gives nothing to a hook that lacks the parameter or the hook", () => {
    const inputs = inputsOf(`
  filterAction({ name }, { memory: kept, turn }) {
    kept.count = turn;
    return name === "x" ? { block: "no" } : undefined;
  },`);
    expect(inputs.filterAction).toEqual([["name"], ["memory", "turn"]]);
    expect(inputs.modifyTransition).toEqual([[], [], []]);
    expect(inputs.filterObservation).toEqual([[], []]);
  });

  it("reads a value as a whole when the hook may see all of it", () => {
    const whole = (hook: string) => inputsOf(hook).filterAction[0];
    // Passed on, returned, spread, enumerated, indexed, tested with `in`, shorthand, a key the input lacks.
    expect(whole(`  filterAction(action) { return action; },`)).toBeNull();
    expect(whole(`  filterAction(action) { return { ...action }; },`)).toBeNull();
    expect(
      whole(`  filterAction(action) { return Object.keys(action).length > 2 ? { block: "x" } : undefined; },`),
    ).toBeNull();
    expect(
      whole(`  filterAction(action) { const key = "args"; return action[key] ? undefined : { block: "x" }; },`),
    ).toBeNull();
    expect(whole(`  filterAction(action) { return "args" in action ? undefined : { block: "x" }; },`)).toBeNull();
    expect(
      whole(
        `  filterAction(action) { const kept = { action }; return kept.action.name === "x" ? { block: "x" } : undefined; },`,
      ),
    ).toBeNull();
    expect(
      whole(`  filterAction(action) { return action.hasOwnProperty("args") ? undefined : { block: "x" }; },`),
    ).toBeNull();
    expect(whole(`  filterAction(...inputs) { return inputs.length > 1 ? undefined : { block: "x" }; },`)).toBeNull();
    expect(whole(`  filterAction({ ...rest }) { return rest.name === "x" ? { block: "x" } : undefined; },`)).toBeNull();
  });

  it("counts a shadowing name's uses too (only ever more keys), and looks into nested functions", () => {
    const inputs = inputsOf(`
  filterObservation(observation) {
    const check = (observation: { text: string; data?: JsonObject }) => observation.data !== undefined;
    return check({ text: observation.text }) ? undefined : { text: observation.text };
  },`);
    expect(inputs.filterObservation[0]).toEqual(["text", "data"]);
  });

  it("reads a hook given as the name of a top-level function in that function", () => {
    const inputs = inputsOf(
      `  filterObservation: shorten,`,
      `function shorten(observation: Observation, context: HookContext) { return { text: observation.text.slice(0, 10 + context.turn) }; }`,
    );
    expect(inputs.filterObservation).toEqual([["text"], ["turn"]]);
  });

  it("maps to the sandbox's masks and what the host must send", () => {
    const inputs = inputsOf(`
  filterAction(action) { return action.name === "x" ? { block: "no" } : undefined; },
  modifyTransition(action, transition) { return transition.info.valid === false ? { text: "invalid " + JSON.stringify(action.args) } : undefined; },
  filterObservation(observation) { return { text: observation.text }; },`);
    const masks = hookInputMasks(inputs);
    expect(masks).toEqual([
      [1, 0],
      [2, 16, 0],
      [1, 0],
    ]);
    expect(layerReads(masks)).toEqual({
      actionArgs: true,
      transitionArgs: true,
      transitionObservation: false,
      transitionInfo: true,
      observationData: false,
    });
  });
});
