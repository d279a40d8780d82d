import { afterAll, describe, expect, it } from "vitest";
import { createBugFixEnvDefinition } from "../../bridges/bugfix/bugfix-env-definition.js";
import { bugFixTools } from "../../bridges/bugfix/bugfix-tools.js";
import { bugfixPersonas } from "../../policies/bugfix-personas/bugfix-personas.js";
import { runRollouts } from "../../rollout/run-rollouts.js";
import { summarize } from "../../rollout/summarize.js";
import type { DesignContext } from "../designer.js";
import { DEFAULT_TARGET, type Target } from "../target.js";
import { diagnoseBaseline } from "./diagnose-baseline.js";

const definition = createBugFixEnvDefinition();
afterAll(() => definition.dispose());

/** A design context from 40 real baseline rollouts of a persona on BugFix tasks. */
async function personaContext(
  persona: string,
  taskIds: string[],
  target: Target = DEFAULT_TARGET,
): Promise<DesignContext> {
  const trajectories = await runRollouts({
    createEnv: () => definition.create({}),
    policy: bugfixPersonas[persona]!,
    tasks: taskIds.map((taskId) => ({ taskId })),
    episodes: 40,
    seed: 7,
  });
  return {
    envId: "bugfix",
    taskId: taskIds.join("+"),
    instruction: trajectories[0]!.initialObservation.text,
    tools: bugFixTools(),
    stateSchema: "",
    harnessApi: "",
    target,
    baseline: { stats: summarize(trajectories), trajectories },
    attempts: [],
    seed: 1,
  };
}

const ids = (context: DesignContext) => diagnoseBaseline(context).weaknesses.map((weakness) => weakness.id);

describe("diagnoseBaseline on persona rollouts", () => {
  it("hasty: skips verification; the env must get harder", async () => {
    const context = await personaContext("hasty", ["clamp-0", "compare-2", "range-2"]);
    const diagnosis = diagnoseBaseline(context);
    expect(diagnosis.direction).toBe("harder");
    expect(ids(context)).toContain("skips-verification");
    expect(ids(context)).not.toContain("repeats-actions");
    expect(diagnosis.text).toMatch(/success 0\.\d\d \(95% CI 0\.\d\d–0\.\d\d, n=120\)/);
    expect(diagnosis.text).toMatch(/stop reasons: submit \d+/);
    expect(diagnosis.text).toMatch(
      /skips-verification \(severity 0\.\d\d\): tried to finish \(submit\) without running a verification tool \(test\) in \d+\/120 episodes/,
    );
  });

  it("looper: repeats actions and runs out of budget on long code; easier", async () => {
    const context = await personaContext("looper", ["range-0", "init-1"]);
    const diagnosis = diagnoseBaseline(context);
    expect(diagnosis.direction).toBe("easier");
    expect(ids(context).slice(0, 2).sort()).toEqual(["repeats-actions", "runs-out-of-budget"]);
    expect(ids(context)).not.toContain("skips-verification");
    expect(diagnosis.text).toContain("read ×");
  });

  it("novice: submits despite failing tests on loop code", async () => {
    const context = await personaContext("novice", ["range-0", "init-1"]);
    expect(ids(context)[0]).toBe("ignores-failed-verification");
    expect(ids(context)).not.toContain("skips-verification");
    expect(diagnoseBaseline(context).weaknesses[0]!.evidence).toContain("success 0% in those vs 100% in the others");
    const reliable = await personaContext("novice", ["clamp-0"]);
    expect(ids(reliable)).toEqual(["success-above-band"]);
  });

  it("puts a named target weakness first and sets the direction to target it", async () => {
    const context = await personaContext("hasty", ["clamp-0"], { weakness: "submits without running the tests" });
    const diagnosis = diagnoseBaseline(context);
    expect(diagnosis.direction).toBe("target-weakness");
    expect(diagnosis.weaknesses[0]!.id).toBe("skips-verification");
  });
});
