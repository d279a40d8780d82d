import type { Trajectory } from "../core/trajectory.js";
import { runRollouts } from "../rollout/run-rollouts.js";
import { SequencePolicy } from "./sequence-policy.js";
import { TestEnvDefinition } from "./test-env-definition.js";

/** `count` real trajectories of the test env's task `t1` under a coin-flipping policy (seed 4). */
export async function testEnvEpisodes(count: number): Promise<Trajectory[]> {
  const definition = new TestEnvDefinition();
  const policy = () =>
    new SequencePolicy(
      (input) => (input.rng() < 0.5 ? { name: "inc", args: {} } : { name: "submit", args: {} }),
      "coin",
    );
  return runRollouts({
    createEnv: () => definition.create(),
    policy,
    tasks: [{ taskId: "t1" }],
    episodes: count,
    seed: 4,
  });
}
