import { afterAll, describe, expect, it } from "vitest";
import { TaskCodeRunner } from "../../sandbox/task-code/task-code-runner.js";
import { applyEditOp } from "./apply-edit-op.js";
import { BugFixTaskStore } from "./bugfix-task-store.js";
import { editOpNameSchema } from "./edit-op-name.js";
import { gradeSource } from "./grade-source.js";
import { taskPrelude } from "./task-prelude.js";

const runner = new TaskCodeRunner({ prelude: taskPrelude });
afterAll(() => runner.dispose());

describe("the edit-op table over all 30 tasks", () => {
  const store = new BugFixTaskStore({ taskSeed: 0, runner: () => runner });
  const tasks = store.taskIds().map((id) => store.task(id));
  // Per op: how many tasks of each family pass all hidden / all public tests after one application.
  const table: Record<string, Record<string, { hidden: number; public: number }>> = {};
  for (const op of editOpNameSchema.options) {
    table[op] = {};
    for (const task of tasks) {
      const grade = gradeSource(store, task, applyEditOp(op, task.buggySource, task.publicTests));
      const cell = (table[op]![task.family] ??= { hidden: 0, public: 0 });
      if (grade.hiddenPass) cell.hidden += 1;
      if (grade.publicPass) cell.public += 1;
    }
  }

  it("is diagonal: each fix op passes all hidden tests on every task of its family and on no other", () => {
    const families = ["clamp", "range", "compare", "divide", "init"];
    const fixOps = ["swap_minmax", "extend_range", "relax_compare", "guard_zero", "toggle_init"];
    fixOps.forEach((op, row) => {
      families.forEach((family, column) => {
        expect(table[op]![family]!.hidden, `${op} on ${family}`).toBe(row === column ? 6 : 0);
      });
      expect(table[op]![families[row]!]!.public).toBe(6);
    });
  });

  it("hardcode_tests passes all public tests everywhere and no family's hidden set", () => {
    for (const cell of Object.values(table.hardcode_tests!)) expect(cell).toEqual({ hidden: 0, public: 6 });
  });
});
