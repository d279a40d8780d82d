import { describe, expect, it } from "vitest";
import { applyEditOp, bugFixCatalog } from "../../bridges/bugfix/index.js";
import { planFixEdit } from "./plan-fix-edit.js";
import { stripLineNumbers } from "./strip-line-numbers.js";

describe("planFixEdit", () => {
  it("plans, for all 30 tasks, a unique old_string whose replacement gives the reference fix", () => {
    for (const entry of bugFixCatalog()) {
      const plan = planFixEdit(entry.buggySource);
      expect(plan, entry.id).not.toBeNull();
      expect(plan!.op, entry.id).toBe(entry.spec.fixOp);
      expect(entry.buggySource.split(plan!.oldString)).toHaveLength(2);
      expect(
        entry.buggySource.replace(plan!.oldString, () => plan!.newString),
        entry.id,
      ).toBe(applyEditOp(entry.spec.fixOp, entry.buggySource, []));
    }
  });

  it("builds the strings from the lines read: the min/max line swapped; for a zero guard, the signature and the guard", () => {
    expect(planFixEdit("function clamp(x, lower, upper) {\n  return min(lower, max(x, upper));\n}")).toEqual({
      op: "swap_minmax",
      oldString: "  return min(lower, max(x, upper));",
      newString: "  return max(lower, min(x, upper));",
    });
    expect(planFixEdit("function average(total, count) {\n  return idiv(total, count);\n}")).toEqual({
      op: "guard_zero",
      oldString: "function average(total, count) {",
      newString: "function average(total, count) {\n  if (count === 0) return 0;",
    });
    expect(planFixEdit("function same(a) {\n  return a;\n}")).toBeNull();
  });
});

describe("stripLineNumbers", () => {
  it("undoes cat -n numbering and refuses other text", () => {
    expect(stripLineNumbers("     1\tfunction f() {\n     2\t\treturn 1;\n     3\t}")).toBe(
      "function f() {\n\treturn 1;\n}",
    );
    expect(stripLineNumbers("Read: file does not exist: src/f.js")).toBeNull();
  });
});
