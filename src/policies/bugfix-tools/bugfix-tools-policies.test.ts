import { afterAll, describe, expect, it } from "vitest";
import { createBugFixToolsEnvDefinition } from "../../bridges/bugfix-tools/index.js";
import { runRollouts } from "../../rollout/run-rollouts.js";
import { summarize } from "../../rollout/summarize.js";
import { bugfixToolsPolicies } from "./bugfix-tools-policies.js";

const definition = createBugFixToolsEnvDefinition();
afterAll(() => definition.dispose());

describe("bugfix-tools scripted policies", () => {
  it("exports oracle-tools by name", () => {
    expect(Object.keys(bugfixToolsPolicies)).toEqual(["oracle-tools"]);
    expect(bugfixToolsPolicies["oracle-tools"]!().name).toBe("oracle-tools");
  });

  it("oracle-tools solves every train and held-out task through the tools: Glob, Read, Edit, Bash, Submit", async () => {
    const tasks = [...(await definition.listTasks("train")), ...(await definition.listTasks("heldout"))].map(
      (task) => ({ taskId: task.id, group: task.group }),
    );
    expect(tasks).toHaveLength(30);
    const trajectories = await runRollouts({
      createEnv: () => definition.create(),
      policy: bugfixToolsPolicies["oracle-tools"]!,
      tasks,
      episodes: 2,
      seed: 3,
    });
    const summary = summarize(trajectories);
    expect(summary).toMatchObject({
      episodes: 60,
      successes: 60,
      successRate: 1,
      publicPassRate: 1,
      meanTurns: 5,
      stopReasons: { submit: 60 },
      invalidCallRate: 0,
      errorRate: 0,
    });
    expect(summary.toolUse).toEqual({ Glob: 60, Read: 60, Edit: 60, Bash: 60, Submit: 60 });
    for (const group of ["clamp", "range", "compare", "divide", "init"])
      expect(summary.byGroup[group]?.successRate, group).toBe(1);
    for (const trajectory of trajectories) {
      expect(trajectory.steps.map((step) => step.observation.data?.isError)).toEqual([
        false,
        false,
        false,
        false,
        false,
      ]);
      expect(trajectory.steps[3]!.observation.text).toBe("pass\npass\npass");
    }
  });
});
