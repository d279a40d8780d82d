import { describe, expect, it } from "vitest";
import { toy24Env } from "../bridges/toy24/toy24-env-definition.js";
import { toy24Policies } from "../policies/toy24/toy24-policies.js";
import { runRollouts } from "../rollout/run-rollouts.js";
import { reverseCurriculumSource } from "./reverse-curriculum-source.js";
import { seedInterval } from "./seed-spread.js";
import { productStackDependencies } from "../app/product-stack-dependencies.js";

describe("reverseCurriculumSource", () => {
  it("starts each episode at a uniformly random depth of the demonstrator's solution, never at its end", async () => {
    const trainTasks = [{ id: "24-1" }, { id: "24-2" }];
    const source = reverseCurriculumSource({
      env: toy24Env,
      envOptions: {},
      trainTasks,
      demonstrator: toy24Policies[toy24Env.demonstrator!]!,
      tasksPerUpdate: 2,
      seed: 0,
      stack: productStackDependencies(),
    });
    expect(() => source.environmentOf("24-1", 0)).toThrow(/not prepared/);
    await source.prepare!(0, undefined as never);
    expect(source.demonstrated()).toBe(2);
    const environment = source.environmentOf("24-1", 0);
    expect(environment.stacked).toBe(true);
    const setup = environment.stack.layers[0]!;
    expect(setup).toMatchObject({ kind: "setup" });
    if (setup.kind !== "setup") return;
    expect(setup.actions).toHaveLength(3);
    expect(setup.prefixes?.map((prefix) => prefix.length)).toEqual([0, 1, 2]);
    const episodes = await runRollouts({
      createEnv: environment.createEnv,
      policy: toy24Policies.solver!,
      tasks: [{ taskId: "24-1" }],
      episodes: 30,
      seed: 1,
    });
    expect(episodes.every((trajectory) => trajectory.stopReason !== "error")).toBe(true);
    const boards = new Set(
      episodes.map((trajectory) => /Numbers:([^\n]*)/.exec(trajectory.initialObservation.text)![1]),
    );
    expect(boards.size).toBe(3);
  });
});

describe("seedInterval", () => {
  it("is the 95% t interval of the mean over seeds", () => {
    const [low, high] = seedInterval([0.1, 0.2, 0.3])!;
    const half = 4.303 * (0.1 / Math.sqrt(3));
    expect(low).toBeCloseTo(0.2 - half, 10);
    expect(high).toBeCloseTo(0.2 + half, 10);
    expect(seedInterval([0.5])).toBeNull();
  });
});
