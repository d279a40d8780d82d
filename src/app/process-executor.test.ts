import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resolveEnv } from "../bridges/env-registry.js";
import { targetSchema } from "../designer/target.js";
import { createRigDependencies } from "./create-rig-dependencies.js";
import { rigResultWithoutTimings } from "../testing/rig-result-without-timings.js";
import rigInWorker from "./curriculum-worker.js";
import { processExecutor } from "./process-executor.js";
import {
  inProcessExecutor,
  runCurriculum,
  type CurriculumExecutor,
  type CurriculumResult,
} from "../curriculum/run-curriculum.js";

const tasks = ["clamp-0", "range-0", "compare-0"];

async function curriculum(executor: CurriculumExecutor, budgetTotal?: number): Promise<CurriculumResult> {
  const work = mkdtempSync(join(tmpdir(), "lanes-"));
  const config = {
    runId: "lanes",
    env: "bugfix",
    policy: "hasty",
    designer: "heuristic",
    target: targetSchema.parse({ successBand: [0.4, 0.6] }),
    seed: 5,
    candidatesDir: join(work, "candidates"),
    taskIds: tasks,
    ...(budgetTotal === undefined ? {} : { budgetTotal }),
  };
  try {
    return await runCurriculum(config, { runDirectory: join(work, "run"), env: await resolveEnv("bugfix"), executor });
  } finally {
    await executor.close();
  }
}

const comparable = rigResultWithoutTimings;

describe("processExecutor", () => {
  it("starts its task processes when it is created, before any task is given", async () => {
    const pool = processExecutor(3, { local: rigInWorker });
    try {
      expect(pool.childPeakRssKb()).toHaveLength(2);
    } finally {
      await pool.close();
    }
  });

  it("gives the same results, in task order, on 1 lane in this process, 2 lanes with a local one, and 2 task processes", async () => {
    const serial = (
      await curriculum(inProcessExecutor((config, directory) => createRigDependencies(config, directory)))
    ).tasks;
    const withLocalLane = (await curriculum(processExecutor(2, { local: rigInWorker }))).tasks;
    const twoProcesses = processExecutor(2);
    const processesOnly = (await curriculum(twoProcesses)).tasks;
    expect(serial.map((result) => result.taskId)).toEqual(tasks);
    expect(withLocalLane.map(comparable)).toEqual(serial.map(comparable));
    expect(processesOnly.map(comparable)).toEqual(serial.map(comparable));
    // Both task processes did work (each reports its peak memory and CPU with every result,
    // and what loading its modules cost before its first task).
    expect(twoProcesses.childPeakRssKb().filter((kilobytes) => kilobytes > 0)).toHaveLength(2);
    for (const usage of twoProcesses.childUsage()) {
      expect(usage.start).not.toBeNull();
      expect(usage.start!.cpuMs).toBeGreaterThan(0);
      expect(usage.cpuMs).toBeGreaterThan(usage.start!.cpuMs);
      if (usage.mainThreadCpuMs !== null) expect(usage.mainThreadCpuMs).toBeLessThanOrEqual(usage.cpuMs + 1);
    }
  }, 300_000);

  it("holds a run's --budget-total across lanes: a local lane and a task process draw on one total, never more", async () => {
    const total = 45;
    const result = await curriculum(processExecutor(2, { local: rigInWorker }), total);
    const spent = result.tasks.reduce((sum, task) => sum + task.cost.rollouts, 0);
    expect(spent).toBe(total);
    expect(result.tasks.length + result.notRigged.length).toBe(tasks.length);
    for (const task of result.notRigged) expect(task.reason).toBe("BUDGET_EXHAUSTED");
  }, 300_000);
});
