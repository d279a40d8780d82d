import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const bin = join(root, "bin", "envrigger.js");
const tasks = "clamp-0,range-0,compare-0,divide-0,init-0,clamp-1";
const common = ["--env", "bugfix", "--policy", "hasty", "--task", tasks, "--seed", "3", "--json"];

interface CurriculumJson {
  tasks: Array<{
    taskId: string;
    outcome: string;
    candidate: string | null;
    accepted: { successRate: number } | null;
    baseline: unknown;
    best: unknown;
    revisions: number;
    rollouts: number;
    cost: { rollouts: number; envSteps: number; wallMs: number };
  }>;
}

/** Every task's decision and numbers (the candidate by file name: the runs store candidates in different directories). */
function accepted(result: CurriculumJson) {
  return result.tasks.map((task) => ({
    taskId: task.taskId,
    outcome: task.outcome,
    candidate: task.candidate?.split("/").at(-1) ?? null,
    accepted: task.accepted,
    baseline: task.baseline,
    best: task.best,
    revisions: task.revisions,
    rollouts: task.rollouts,
    // What the task spent, but its wall time: a resumed run keeps counting, from the checkpoints.
    cost: { ...task.cost, wallMs: 0 },
  }));
}

function taskEvents(runDirectory: string): number {
  const path = join(runDirectory, "events.jsonl");
  if (!existsSync(path)) return 0;
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.includes('"event":"task"')).length;
}

describe("curriculum resume", () => {
  it("a run killed with SIGKILL mid-way and resumed yields the same decisions and numbers as an uninterrupted run", async () => {
    const work = mkdtempSync(join(tmpdir(), "resume-"));
    const straight = spawnSync(
      process.execPath,
      [bin, "curriculum", ...common, "--out", join(work, "straight"), "--candidates", join(work, "c1")],
      { encoding: "utf8", timeout: 300_000 },
    );
    expect(straight.status, straight.stderr).toBe(0);
    const expected = accepted(JSON.parse(straight.stdout) as CurriculumJson);
    expect(expected.filter((task) => task.outcome === "accepted").length).toBeGreaterThan(0);
    // Later tasks aimed their first candidates from what the earlier ones measured (--aim-lag 2, the default).
    expect(readFileSync(join(work, "straight", "events.jsonl"), "utf8")).toContain("aimed at the band's middle");

    const killedDirectory = join(work, "killed");
    const child = spawn(
      process.execPath,
      [bin, "curriculum", ...common, "--out", killedDirectory, "--candidates", join(work, "c2")],
      { stdio: "ignore" },
    );
    // Kill it once two tasks are done and before all are.
    const deadline = Date.now() + 240_000;
    while (taskEvents(killedDirectory) < 2 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const doneWhenKilled = taskEvents(killedDirectory);
    // The launcher re-executes node: kill the whole process group, SIGKILL, no cleanup.
    spawnSync("pkill", ["-KILL", "-P", String(child.pid)]);
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
    expect(doneWhenKilled).toBeGreaterThanOrEqual(2);
    expect(doneWhenKilled).toBeLessThan(6);
    expect(existsSync(join(killedDirectory, "result.json"))).toBe(false);
    const finishedBeforeKill = readFileSync(join(killedDirectory, "events.jsonl"), "utf8")
      .split("\n")
      .filter((line) => line.includes('"event":"task"'))
      .map((line) => (JSON.parse(line) as { taskId: string }).taskId);

    const resumed = spawnSync(process.execPath, [bin, "curriculum", "--resume", killedDirectory, "--json"], {
      encoding: "utf8",
      timeout: 300_000,
    });
    expect(resumed.status, resumed.stderr).toBe(0);
    const after = accepted(JSON.parse(resumed.stdout) as CurriculumJson);
    // The same decisions and numbers. What a task spent is the same for the tasks finished
    // before the kill; the task in progress may have spent a batch twice (counted before the
    // kill and run again after it), never less.
    const withoutCost = (tasks: typeof expected) => tasks.map(({ cost: _cost, ...task }) => task);
    expect(withoutCost(after)).toEqual(withoutCost(expected));
    for (const [index, task] of after.entries()) {
      const uninterrupted = expected[index]!.cost;
      if (finishedBeforeKill.includes(task.taskId)) expect(task.cost, task.taskId).toEqual(uninterrupted);
      else expect(task.cost.rollouts, task.taskId).toBeGreaterThanOrEqual(uninterrupted.rollouts);
    }
    // Finished tasks were not redone: their baseline was observed once, before the kill. (The
    // task in progress may repeat the node it was killed in: its checkpoint was not written.)
    const observed = readFileSync(join(killedDirectory, "events.jsonl"), "utf8")
      .split("\n")
      .filter((line) => line.includes('"node":"observe"'));
    for (const taskId of finishedBeforeKill)
      expect(
        observed.filter((line) => line.includes(`"taskId":"${taskId}"`)),
        taskId,
      ).toHaveLength(1);
  }, 600_000);

  it("refuses to resume a directory without a run, and to start over an existing run", () => {
    const work = mkdtempSync(join(tmpdir(), "resume-"));
    const missing = spawnSync(process.execPath, [bin, "curriculum", "--resume", join(work, "nothing")], {
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("cannot resume");
    const out = join(work, "run");
    const first = spawnSync(
      process.execPath,
      [
        bin,
        "curriculum",
        "--env",
        "bugfix",
        "--policy",
        "oracle",
        "--task",
        "clamp-0",
        "--out",
        out,
        "--candidates",
        join(work, "c"),
        "--json",
      ],
      { encoding: "utf8", timeout: 120_000 },
    );
    expect(first.status, first.stderr).toBe(0);
    const again = spawnSync(
      process.execPath,
      [bin, "curriculum", "--env", "bugfix", "--policy", "oracle", "--task", "clamp-0", "--out", out, "--json"],
      { encoding: "utf8", timeout: 120_000 },
    );
    expect(again.status).toBe(2);
    expect(again.stderr).toContain("--resume");
  });
});
