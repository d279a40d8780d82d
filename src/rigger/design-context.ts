import type { DesignContext } from "../designer/designer.js";
import { deriveSeed } from "../core/seeding.js";
import type { RigNodeDependencies } from "./rig-dependencies.js";
import { trajectoriesOf } from "./trajectory-batch-store.js";
import { configOf, type RigState } from "./rig-state.js";
import { taskDemonstrations } from "./task-demonstrations.js";

/**
 * What the designer may see for this task: tools, state schema, the declared harness API,
 * the target, the baseline (statistics and trajectories), the env demonstrator's successful
 * episodes on the task (when it names one), every earlier attempt and what the run measured
 * on its earlier tasks —
 * never hidden tests or verifier internals (renderers drop `info` and `metrics`). The
 * trajectories come from the thread's trajectory store.
 */
export async function buildDesignContext(state: RigState, dependencies: RigNodeDependencies): Promise<DesignContext> {
  const config = configOf(state);
  const baseline = {
    stats: state.baseline!.stats,
    trajectories: trajectoriesOf(dependencies.trajectories, state.baseline!.trajectories),
  };
  const attempts = state.attempts.map(({ trajectories, ...attempt }) =>
    trajectories === undefined
      ? attempt
      : { ...attempt, trajectories: trajectoriesOf(dependencies.trajectories, trajectories) },
  );
  const demonstrations = await taskDemonstrations(dependencies, config);
  const env = await dependencies.env.create(config.envOptions);
  try {
    return {
      envId: config.envId,
      taskId: config.taskId,
      instruction: baseline.trajectories[0]?.initialObservation.text ?? "",
      tools: await env.tools(),
      stateSchema: env.stateSchema(),
      harnessApi: dependencies.harnessApi,
      target: config.target,
      baseline,
      ...(demonstrations.length > 0 ? { demonstrations } : {}),
      attempts,
      // Checkpoints written before the run's measurements were kept have none.
      ...((state.runMeasurements ?? []).length > 0 ? { runMeasurements: state.runMeasurements } : {}),
      seed: deriveSeed(config.seed, "designer", config.taskId, state.written),
    };
  } finally {
    await env.close();
  }
}
