import { toy24Env } from "../src/bridges/toy24/toy24-env-definition.js";
import type { ActionableEnv } from "../src/core/actionable-env.js";
import type { Action } from "../src/core/action.js";
import { readToy24Board } from "../src/policies/toy24/read-toy24-board.js";
import { solveToy24 } from "../src/policies/toy24/solve-toy24.js";
import { combineAction } from "../src/policies/toy24/toy24-actions.js";
import { microsecondsPerOperation } from "./measure.js";

/** The task used for Toy24 step timings (rank 1: `1 1 4 6`). */
export const TOY24_BENCH_TASK = "24-1";

/** A winning episode's actions for the bench task: three combines and a submit. */
export async function toy24Solution(): Promise<Action[]> {
  const env = await toy24Env.create();
  const { observation } = await env.reset({ taskId: TOY24_BENCH_TASK, seed: 0 });
  await env.close();
  const moves = solveToy24(readToy24Board(observation)!)!;
  return [...moves.map(combineAction), { name: "submit", args: {} }];
}

/**
 * µs per step of the reference episode shape — reset, three combines, submit, evaluate —
 * counted per `step` call (reset and evaluate included in the time), on `env`.
 */
export async function toy24MicrosecondsPerStep(env: ActionableEnv, actions: Action[]): Promise<number> {
  return microsecondsPerOperation(
    async () => {
      await env.reset({ taskId: TOY24_BENCH_TASK, seed: 0 });
      for (const action of actions) await env.step(action);
      const evaluation = await env.evaluate();
      if (!evaluation.success) throw new Error("bench episode did not solve the puzzle");
    },
    actions.length,
    9,
    2000,
  );
}

/** Toy24 raw: steps per second and µs per step. */
export async function benchToy24Raw() {
  const actions = await toy24Solution();
  const env = await toy24Env.create();
  const microseconds = await toy24MicrosecondsPerStep(env, actions);
  await env.close();
  return {
    toy24RawMicrosecondsPerStep: Number(microseconds.toFixed(3)),
    toy24RawStepsPerSecond: Math.round(1e6 / microseconds),
  };
}
