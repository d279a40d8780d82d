import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { EnvriggerError } from "../core/errors.js";
import type { CandidateProposal } from "../designer/candidate.js";
import { targetSchema } from "../designer/target.js";
import { LocalRunBudget } from "../rigger/run-budget.js";
import { counterRigDependencies, SABOTAGE_PROPOSAL } from "../testing/counter-rig-dependencies.js";
import { ScriptedDesigner } from "../testing/scripted-designer.js";
import { TestEnvDefinition } from "../testing/test-env-definition.js";
import type { CurriculumConfigInput } from "./curriculum-config.js";
import type { EarlierRun } from "./curriculum-task.js";
import { inProcessExecutor, runCurriculum, type CurriculumResult } from "./run-curriculum.js";

const base: CurriculumConfigInput = {
  runId: "budget",
  env: "test",
  split: "all",
  policy: "hesitant",
  designer: "scripted",
  target: targetSchema.parse({ successBand: [0.1, 0.3] }),
  k: 8,
  kMax: 40,
  revisions: 1,
  seed: 2,
  candidatesDir: "unused",
};

/** Run the three counter tasks one after another; `designerOf(n)` gives the n-th task's designer (0-based). */
function run(
  config: CurriculumConfigInput,
  root: string,
  options: { resume?: boolean; designerOf?: (n: number) => ScriptedDesigner } = {},
) {
  let created = 0;
  return runCurriculum(
    { ...config, candidatesDir: join(root, "candidates") },
    {
      runDirectory: join(root, "run"),
      resume: options.resume,
      env: new TestEnvDefinition(),
      executor: inProcessExecutor(async () => counterRigDependencies(root, options.designerOf?.(created++))),
    },
  );
}

const spent = (result: CurriculumResult) => result.tasks.reduce((sum, task) => sum + task.cost.rollouts, 0);
/** Everything but wall times and where candidates went. */
const comparable = (result: CurriculumResult) => ({
  tasks: result.tasks.map((task) => ({ ...task, candidate: null, cost: { ...task.cost, wallMs: 0 } })),
  notRigged: result.notRigged,
});

describe("--budget-total", () => {
  it("grants a batch at most what the run has left, counting batches still running", async () => {
    const budget = new LocalRunBudget(10);
    expect(await budget.reserve(8)).toBe(8);
    expect(await budget.reserve(8)).toBe(2);
    expect(await budget.reserve(8)).toBe(0);
    await budget.settle(8, 8);
    await budget.settle(2, 1);
    expect(await budget.remaining()).toBe(1);
    expect(await new LocalRunBudget(10, 7).reserve(8)).toBe(3);
  });

  it("stops the run at its total exactly: the running task ends with its verdict marked BUDGET_EXHAUSTED, later ones are not rigged", async () => {
    const unbounded = await run(base, mkdtempSync(join(tmpdir(), "budget-")));
    const all = spent(unbounded);
    expect(unbounded.notRigged).toEqual([]);
    expect(unbounded.tasks).toHaveLength(3);
    // A total that the first task alone nearly spends.
    const total = unbounded.tasks[0]!.cost.rollouts + 3;
    expect(total).toBeLessThan(all);
    const bounded = await run({ ...base, budgetTotal: total }, mkdtempSync(join(tmpdir(), "budget-")));
    expect(spent(bounded)).toBe(total);
    expect(bounded.summary.cost.total.rollouts).toBe(total);
    expect(bounded.tasks.map((task) => task.taskId)).toEqual([unbounded.tasks[0]!.taskId, unbounded.tasks[1]!.taskId]);
    // The first task was rigged as without a budget; the second got 3 rollouts of baseline and nothing more.
    expect(bounded.tasks[0]!.cost.rollouts).toBe(unbounded.tasks[0]!.cost.rollouts);
    expect(bounded.tasks[1]!.baseline.episodes).toBe(3);
    if (bounded.tasks[1]!.outcome !== "skipped") expect(bounded.tasks[1]!.best?.decision).toContain("BUDGET_EXHAUSTED");
    expect(bounded.notRigged).toEqual([
      expect.objectContaining({
        taskId: unbounded.tasks[2]!.taskId,
        outcome: "not-rigged",
        reason: "BUDGET_EXHAUSTED",
      }),
    ]);
    expect(bounded.summary.notRigged).toBe(1);
  });

  it("keeps counting across a resume: an interrupted run resumed spends and decides as an uninterrupted one", async () => {
    const unbounded = await run(base, mkdtempSync(join(tmpdir(), "budget-")));
    // A total spent during the second task's validation, after the point where the run below is interrupted.
    const total = unbounded.tasks[0]!.cost.rollouts + unbounded.tasks[1]!.cost.rollouts - 5;
    const config = { ...base, budgetTotal: total };
    const straight = await run(config, mkdtempSync(join(tmpdir(), "budget-")));
    expect(spent(straight)).toBe(total);
    expect(straight.notRigged).toHaveLength(1);
    const root = mkdtempSync(join(tmpdir(), "budget-"));
    const outage = new EnvriggerError("PROVIDER_UNAVAILABLE", "openai model m failed after 1 attempt");
    // The second task's designer fails at its first write: the run stops with task 1 done and task 2 observed.
    await expect(
      run(config, root, {
        designerOf: (n) => new ScriptedDesigner(n === 1 ? [outage] : [SABOTAGE_PROPOSAL]),
      }),
    ).rejects.toMatchObject({ code: "PROVIDER_UNAVAILABLE" });
    const resumed = await run(config, root, { resume: true });
    expect(comparable(resumed)).toEqual(comparable(straight));
  });
});

/** The sabotage as a template with its knob named: what later tasks of the run aim from. */
const NAMED: CandidateProposal = {
  ...SABOTAGE_PROPOSAL,
  template: "sabotage",
  parameters: { probability: 0.5 },
  knob: { name: "probability", value: 0.5, neutral: 0, strongest: 1 },
};

/** Run the three counter tasks one after another, the n-th task's designer from `designerOf(n)`; with the designers each task had. */
function runShowing(
  config: CurriculumConfigInput,
  root: string,
  options: { resume?: boolean; designerOf?: (n: number) => ScriptedDesigner; aimFromRuns?: EarlierRun[] } = {},
) {
  const { designerOf } = options;
  const designers: ScriptedDesigner[] = [];
  const result = runCurriculum(
    { ...config, candidatesDir: join(root, "candidates") },
    {
      runDirectory: join(root, "run"),
      resume: options.resume,
      aimFromRuns: options.aimFromRuns,
      env: new TestEnvDefinition(),
      executor: inProcessExecutor(async () => {
        const designer = designerOf?.(designers.length) ?? new ScriptedDesigner([NAMED]);
        designers.push(designer);
        return counterRigDependencies(root, designer);
      }),
    },
  );
  return { result, designers };
}

/** Which earlier tasks each task's designer saw measurements of (first context), in task order. */
const seen = (designers: ScriptedDesigner[]) =>
  designers.map((designer) => [...new Set((designer.contexts[0]?.runMeasurements ?? []).map((m) => m.taskId))]);

describe("aiming from what the run measured", () => {
  it("shows each task the measurements of the tasks at least --aim-lag before it, read from their checkpoints", async () => {
    const lagOneRoot = mkdtempSync(join(tmpdir(), "aim-"));
    const lagOne = await runShowing({ ...base, aimLag: 1 }, lagOneRoot);
    const result = await lagOne.result;
    const ids = result.tasks.map((task) => task.taskId);
    expect(result.tasks.every((task) => task.outcome !== "skipped")).toBe(true);
    expect(seen(lagOne.designers)).toEqual([[], [ids[0]], [ids[0], ids[1]]]);
    const shown = lagOne.designers[2]!.contexts[0]!.runMeasurements!;
    expect(shown[0]).toMatchObject({
      taskId: ids[0],
      template: "sabotage",
      knob: "probability",
      value: 0.5,
      position: 0.5,
      baselineRate: result.tasks[0]!.baseline.successRate,
    });
    // The first task's every validation, one row each.
    expect(shown.filter((measurement) => measurement.taskId === ids[0])).toHaveLength(result.tasks[0]!.revisions + 1);
    const lagTwo = await runShowing({ ...base, aimLag: 2 }, mkdtempSync(join(tmpdir(), "aim-")));
    expect(comparable(await lagTwo.result)).toEqual(comparable(result));
    expect(seen(lagTwo.designers)).toEqual([[], [], [ids[0]]]);
    // A later run (co-evolution's next round) aims from this one's tasks first, then its own.
    const next = await runShowing({ ...base, aimLag: 1 }, mkdtempSync(join(tmpdir(), "aim-")), {
      aimFromRuns: [{ runDirectory: join(lagOneRoot, "run"), taskIds: ids }],
    });
    await next.result;
    expect(seen(next.designers)).toEqual([ids, ids, ids]);
    expect(next.designers[1]!.contexts[0]!.runMeasurements!.length).toBe(shown.length + result.tasks[2]!.revisions + 2);
    const off = await runShowing({ ...base, aimLag: 0 }, mkdtempSync(join(tmpdir(), "aim-")));
    await off.result;
    expect(seen(off.designers)).toEqual([[], [], []]);
  });

  it("aims a resumed run as an uninterrupted one: a task started before the stop keeps what it was given", async () => {
    const config = { ...base, aimLag: 1 };
    const straight = runShowing(config, mkdtempSync(join(tmpdir(), "aim-")));
    const expected = await straight.result;
    const root = mkdtempSync(join(tmpdir(), "aim-"));
    const outage = new EnvriggerError("PROVIDER_UNAVAILABLE", "openai model m failed after 1 attempt");
    // The third task's designer fails at its first write: the run stops with that task observed and diagnosed.
    const stopped = runShowing(config, root, {
      designerOf: (n) => new ScriptedDesigner(n === 2 ? [outage] : [NAMED]),
    });
    await expect(stopped.result).rejects.toMatchObject({ code: "PROVIDER_UNAVAILABLE" });
    expect(stopped.designers[2]!.contexts[0]!.runMeasurements).toEqual(
      straight.designers[2]!.contexts[0]!.runMeasurements,
    );
    const resumed = runShowing(config, root, { resume: true });
    expect(comparable(await resumed.result)).toEqual(comparable(expected));
    // Only the stopped task ran again (its diagnosis was checkpointed: it writes), aimed from the same measurements.
    expect(resumed.designers.map((designer) => designer.contexts.length > 0)).toEqual([false, false, true]);
    const writes = (designer: ScriptedDesigner) => designer.contexts.at(-1)!.runMeasurements;
    expect(writes(resumed.designers[2]!)).toEqual(writes(straight.designers[2]!));
    expect(writes(resumed.designers[2]!)!.length).toBeGreaterThan(1);
  });
});
