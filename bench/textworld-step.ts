import { performance } from "node:perf_hooks";
import { textworldEnv } from "../src/bridges/textworld/textworld-env-definition.js";
import { resolvePolicy } from "../src/policies/policy-registry.js";
import { runRollouts } from "../src/rollout/run-rollouts.js";
import { median } from "./measure.js";

/**
 * TextWorld bridge latency: median ms per `step` over walkthrough episodes of a TextWorld
 * game and of Zork I (the interpreter runs the game's own code; the bridge's share is
 * small), plus the median reset time.
 */
export async function benchTextworld() {
  const policy = await resolvePolicy("walkthrough", "textworld");
  const perTask = async (taskId: string) => {
    const trajectories = await runRollouts({ createEnv: () => textworldEnv.create(), policy: policy.factory, tasks: [{ taskId }], episodes: 4, seed: 3 });
    return median(trajectories.flatMap((trajectory) => trajectory.steps.map((step) => step.stepMs)));
  };
  const env = await textworldEnv.create();
  const resets: number[] = [];
  for (let index = 0; index < 10; index++) {
    const started = performance.now();
    await env.reset({ taskId: "tw-another_game", seed: index });
    resets.push(performance.now() - started);
  }
  await env.close();
  const figures = {
    textworldMedianStepMs: Number((await perTask("tw-another_game")).toFixed(2)),
    zorkMedianStepMs: Number((await perTask("zork1-score-20")).toFixed(2)),
    textworldMedianResetMs: Number(median(resets).toFixed(2)),
  };
  await textworldEnv.dispose?.();
  return figures;
}
