import { describe, expect, it } from "vitest";
import { SequencePolicy } from "../testing/sequence-policy.js";
import { TestEnvDefinition } from "../testing/test-env-definition.js";
import { rigConfigSchema } from "./rig-config.js";
import type { RigDependencies } from "./rig-dependencies.js";
import { taskDemonstrations } from "./task-demonstrations.js";

const config = rigConfigSchema.parse({
  envId: "test",
  taskId: "t1",
  policy: "p",
  designer: "heuristic",
  target: { successBand: [0.4, 0.6] },
});
const inc = { name: "inc", args: {} };
const submit = { name: "submit", args: {} };

function dependencies(actions: Array<typeof inc>, env = new TestEnvDefinition()): RigDependencies {
  return {
    env,
    policy: () => new SequencePolicy([submit]),
    demonstrator: () => new SequencePolicy(actions),
  } as unknown as RigDependencies;
}

describe("taskDemonstrations", () => {
  it("runs the demonstrator once per task and keeps its successful episode", async () => {
    const env = new TestEnvDefinition();
    const deps = dependencies([inc, inc, inc, submit], env);
    const first = await taskDemonstrations(deps, config);
    const again = await taskDemonstrations(deps, config);
    expect(first).toHaveLength(1);
    expect(first[0]!.evaluation?.success).toBe(true);
    expect(again).toBe(first);
    expect(env.created).toHaveLength(1);
  });

  it("gives none for a failed demonstration, or without a demonstrator", async () => {
    expect(await taskDemonstrations(dependencies([inc, submit]), config)).toEqual([]);
    const without = { ...dependencies([inc]), demonstrator: undefined } as RigDependencies;
    expect(await taskDemonstrations(without, config)).toEqual([]);
  });
});
