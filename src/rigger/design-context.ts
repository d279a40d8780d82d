import type { DesignContext } from "../designer/designer.js";
import { deriveSeed } from "../core/seeding.js";
import type { RigDependencies } from "./rig-dependencies.js";
import type { RigState } from "./rig-state.js";

/**
 * What the designer may see for this task: tools, state schema, the declared harness API,
 * the target, the baseline (statistics and trajectories) and every earlier attempt —
 * never hidden tests or verifier internals (renderers drop `info` and `metrics`).
 */
export async function buildDesignContext(state: RigState, dependencies: RigDependencies): Promise<DesignContext> {
  const config = state.config!;
  const baseline = state.baseline!;
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
      baseline: { stats: baseline.stats, trajectories: baseline.trajectories },
      attempts: state.attempts,
      seed: deriveSeed(config.seed, "designer", config.taskId, state.written),
    };
  } finally {
    await env.close();
  }
}
