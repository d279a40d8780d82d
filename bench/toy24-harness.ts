import { toy24Env } from "../src/bridges/toy24/toy24-env-definition.js";
import { buildStack } from "../src/harness/build-stack.js";
import type { HarnessStackSpec } from "../src/harness/harness-stack-spec.js";
import { productStackDependencies } from "../src/curriculum/create-rig-dependencies.js";
import { TOY24_BENCH_TASK, toy24MicrosecondsPerStep, toy24Solution } from "./toy24-step.js";

/** A Rules component with all three hooks that changes nothing (the cost of the layer itself). */
export const PASS_THROUGH_RULES = `export default defineRules({
  filterAction(action, context) {
    if (action.name === "never") return { block: "never" };
    return undefined;
  },
  modifyTransition(action, transition, context) {
    return transition.truncated ? { truncated: true } : undefined;
  },
  filterObservation(observation, context) {
    return undefined;
  },
});
`;

/** Isolate round trips a pass-through Rules layer needs per step (one per hook). */
export const ROUND_TRIPS_PER_RULES_STEP = 3;

/**
 * Toy24 µs per step through sandboxed harness stacks: one Rules layer (three hooks), and
 * Setup + two Rules layers (the reference implementation's comparison point).
 */
export async function benchToy24Harness() {
  const actions = await toy24Solution();
  const dependencies = productStackDependencies();
  const base = { env: toy24Env.id, taskId: TOY24_BENCH_TASK };
  const rules = { kind: "rules" as const, source: PASS_THROUGH_RULES };
  const measure = async (spec: HarnessStackSpec) => {
    const env = await buildStack(spec, dependencies);
    try {
      return await toy24MicrosecondsPerStep(env, actions);
    } finally {
      await env.close();
    }
  };
  const oneRules = await measure({ version: 1, base, layers: [rules] });
  const setupTwoRules = await measure({ version: 1, base, layers: [{ kind: "setup", actions: [{ name: "reset", args: {} }] }, rules, { ...rules }] });
  return {
    toy24OneRulesLayerMicrosecondsPerStep: Number(oneRules.toFixed(3)),
    toy24SetupTwoRulesMicrosecondsPerStep: Number(setupTwoRules.toFixed(3)),
  };
}
