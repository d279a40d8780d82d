import { performance } from "node:perf_hooks";
import { toy24Env } from "../src/bridges/toy24/toy24-env-definition.js";
import type { Action } from "../src/core/action.js";
import type { ActionableEnv } from "../src/core/actionable-env.js";
import { productStackDependencies } from "../src/app/product-stack-dependencies.js";
import { buildStack, type BuildStackDependencies } from "../src/harness/build-stack.js";
import type { HarnessStackSpec, LayerSpec } from "../src/harness/harness-stack-spec.js";
import { isolateCrossingCount } from "../src/sandbox/rules/isolate-crossings.js";
import { createRoundTripFloor } from "./isolate-round-trip.js";
import { median } from "./measure.js";
import { TOY24_BENCH_TASK, toy24Solution } from "./toy24-step.js";

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

/** One bench episode (reset, the solution's steps, evaluate) on `env`. */
async function episode(env: ActionableEnv, actions: readonly Action[]): Promise<void> {
  await env.reset({ taskId: TOY24_BENCH_TASK, seed: 0 });
  for (const action of actions) await env.step(action);
  if (!(await env.evaluate()).success) throw new Error("bench episode did not solve the puzzle");
}

/** Boundary crossings of one episode on `env`: per step (reset's included) and the most any one `step` call made. */
async function crossingsOf(
  env: ActionableEnv,
  actions: readonly Action[],
): Promise<{ perStep: number; mostInOneStep: number }> {
  const started = isolateCrossingCount();
  await env.reset({ taskId: TOY24_BENCH_TASK, seed: 0 });
  let most = 0;
  for (const action of actions) {
    const before = isolateCrossingCount();
    await env.step(action);
    most = Math.max(most, isolateCrossingCount() - before);
  }
  await env.evaluate();
  return { perStep: (isolateCrossingCount() - started) / actions.length, mostInOneStep: most };
}

const round = (value: number, digits = 3) => Number(value.toFixed(digits));

/**
 * Toy24 µs per step through sandboxed stacks, beside the raw step and the bare isolate
 * round trip (the floor), all measured in the same samples, interleaved — each sample
 * times a few floor round trips, one raw episode and one episode on each stack, back to
 * back — and reported as medians over many samples, so the load of a shared machine
 * weighs on all of them alike and preempted samples drop out. Stacks: one Rules layer
 * (three hooks), and Setup + two Rules layers as the product builds them (the two layers
 * fused into one isolate) and, for comparison, with one isolate per layer. Boundary
 * crossings are counted (every call into a Rules isolate), per step of the episode
 * (reset's included) and in the busiest single `step`. Each ratio is a stack's median cost
 * over raw divided by (its crossings per step × the median floor); the targets are ≤ 1.5.
 */
export async function benchToy24Harness(samples = 3000) {
  const actions = await toy24Solution();
  const steps = actions.length;
  const fused = productStackDependencies();
  const separate: BuildStackDependencies = { resolveEnv: fused.resolveEnv, loadRules: fused.loadRules };
  const base = { env: toy24Env.id, taskId: TOY24_BENCH_TASK };
  const rules: LayerSpec = { kind: "rules", source: PASS_THROUGH_RULES };
  const setupTwoRules: LayerSpec[] = [{ kind: "setup", actions: [{ name: "reset", args: {} }] }, rules, { ...rules }];
  const stack = (layers: LayerSpec[], dependencies: BuildStackDependencies) =>
    buildStack({ version: 1, base, layers } satisfies HarnessStackSpec, dependencies);
  const raw = await toy24Env.create();
  const one = await stack([rules], fused);
  const two = await stack(setupTwoRules, fused);
  const twoSeparate = await stack(setupTwoRules, separate);
  const floor = createRoundTripFloor();
  try {
    const crossings = {
      one: await crossingsOf(one, actions),
      two: await crossingsOf(two, actions),
      twoSeparate: await crossingsOf(twoSeparate, actions),
    };
    const series = {
      floor: [] as number[],
      raw: [] as number[],
      one: [] as number[],
      two: [] as number[],
      twoSeparate: [] as number[],
    };
    const envs = { raw, one, two, twoSeparate };
    const warmUp = Math.floor(samples / 10);
    for (let sample = 0; sample < samples + warmUp; sample++) {
      let started = performance.now();
      for (let index = 0; index < 8; index++) floor.roundTrip();
      const floorMicroseconds = ((performance.now() - started) * 1000) / 8;
      if (sample >= warmUp) series.floor.push(floorMicroseconds);
      for (const key of ["raw", "one", "two", "twoSeparate"] as const) {
        started = performance.now();
        await episode(envs[key], actions);
        if (sample >= warmUp) series[key].push(((performance.now() - started) * 1000) / steps);
      }
    }
    const floorMedian = median(series.floor);
    const rawMedian = median(series.raw);
    const overFloor = (key: "one" | "two" | "twoSeparate") =>
      round((median(series[key]) - rawMedian) / (crossings[key].perStep * floorMedian), 2);
    return {
      toy24HarnessFloorMicroseconds: round(floorMedian),
      toy24HarnessRawMicrosecondsPerStep: round(rawMedian),
      toy24OneRulesLayerMicrosecondsPerStep: round(median(series.one)),
      toy24OneRulesLayerCrossingsPerStep: round(crossings.one.perStep, 2),
      toy24OneRulesLayerOverheadOverFloor: overFloor("one"),
      toy24SetupTwoRulesMicrosecondsPerStep: round(median(series.two)),
      toy24SetupTwoRulesCrossingsPerStep: round(crossings.two.perStep, 2),
      toy24SetupTwoRulesMostCrossingsInOneStep: crossings.two.mostInOneStep,
      toy24SetupTwoRulesOverheadOverFloor: overFloor("two"),
      toy24SetupTwoRulesUnfusedMicrosecondsPerStep: round(median(series.twoSeparate)),
      toy24SetupTwoRulesUnfusedCrossingsPerStep: round(crossings.twoSeparate.perStep, 2),
      toy24SetupTwoRulesUnfusedOverheadOverFloor: overFloor("twoSeparate"),
    };
  } finally {
    floor.dispose();
    for (const env of [raw, one, two, twoSeparate]) await env.close();
  }
}
