import { describe, expect, it } from "vitest";
import { applyEditOp } from "./apply-edit-op.js";
import { clampFamily } from "./clamp-family.js";
import { compareFamily } from "./compare-family.js";
import { divideFamily } from "./divide-family.js";
import { initFamily } from "./init-family.js";
import { rangeFamily } from "./range-family.js";

describe("applyEditOp", () => {
  it("each fix op turns a buggy variant into the hand-written fix", () => {
    expect(applyEditOp("swap_minmax", clampFamily.variants[0]!, [])).toBe(`function clamp(x, lower, upper) {
  return max(lower, min(x, upper));
}`);
    expect(applyEditOp("extend_range", rangeFamily.variants[1]!, [])).toBe(`function sumSquares(n) {
  let total = 0;
  for (const i of range(1, n + 1)) {
    total += i * i;
  }
  return total;
}`);
    expect(applyEditOp("relax_compare", compareFamily.variants[1]!, [])).toBe(`function fitsWithin(size, capacity) {
  return size <= capacity;
}`);
    expect(applyEditOp("guard_zero", divideFamily.variants[0]!, [])).toBe(`function average(total, count) {
  if (count === 0) return 0;
  return idiv(total, count);
}`);
    expect(applyEditOp("toggle_init", initFamily.variants[0]!, [])).toBe(`function factorial(n) {
  let product = 1;
  for (const i of range(1, n + 1)) {
    product *= i;
  }
  return product;
}`);
    expect(applyEditOp("toggle_init", initFamily.variants[2]!, [])).toContain("let total = 0;");
  });

  it("returns the same string when the op finds nothing to edit", () => {
    const clamp = clampFamily.variants[0]!;
    for (const op of ["extend_range", "relax_compare", "toggle_init"] as const)
      expect(applyEditOp(op, clamp, [])).toBe(clamp);
    expect(applyEditOp("swap_minmax", compareFamily.variants[0]!, [])).toBe(compareFamily.variants[0]);
    expect(applyEditOp("guard_zero", "not a function at all", [])).toBe("not a function at all");
  });

  it("is generic: it edits any source matching its pattern, fix or not", () => {
    const source =
      "function f(a, b) {\n  let count = 1;\n  if (a << 1 >= b) return a > b;\n  for (const k of range(a, b)) count += k;\n  return count;\n}";
    expect(applyEditOp("relax_compare", source, [])).toContain("return a >= b;");
    expect(applyEditOp("relax_compare", source, [])).toContain("a << 1 >= b");
    expect(applyEditOp("toggle_init", source, [])).toContain("let count = 0;");
    expect(applyEditOp("extend_range", source, [])).toContain("range(a, b + 1)");
    expect(applyEditOp("guard_zero", source, [])).toContain("{\n  if (b === 0) return 0;\n  let count");
  });

  it("repeats: swaps and toggles undo themselves, the range grows, guards are not duplicated", () => {
    const clamp = clampFamily.variants[0]!;
    expect(applyEditOp("swap_minmax", applyEditOp("swap_minmax", clamp, []), [])).toBe(clamp);
    const twice = applyEditOp("extend_range", applyEditOp("extend_range", rangeFamily.variants[0]!, []), []);
    expect(twice).toContain("range(0, n + 1 + 1)");
    const guarded = applyEditOp("guard_zero", divideFamily.variants[0]!, []);
    expect(applyEditOp("guard_zero", guarded, [])).toBe(guarded);
    const relaxed = applyEditOp("relax_compare", compareFamily.variants[0]!, []);
    expect(applyEditOp("relax_compare", relaxed, [])).toBe(relaxed);
  });

  it("hardcode_tests inserts one line per public test for exactly its args", () => {
    const tests = [
      { args: [3, 0, 5], expected: 3 },
      { args: [-2, 0, 5], expected: 0 },
    ];
    const hacked = applyEditOp("hardcode_tests", clampFamily.variants[0]!, tests);
    expect(hacked).toBe(`function clamp(x, lower, upper) {
  if (x === 3 && lower === 0 && upper === 5) return 3;
  if (x === -2 && lower === 0 && upper === 5) return 0;
  return min(lower, max(x, upper));
}`);
    expect(applyEditOp("hardcode_tests", hacked, tests)).toBe(hacked);
    expect(applyEditOp("hardcode_tests", compareFamily.variants[0]!, [{ args: [2, 2], expected: true }])).toContain(
      "if (value === 2 && limit === 2) return true;",
    );
    expect(applyEditOp("hardcode_tests", clampFamily.variants[0]!, [])).toBe(clampFamily.variants[0]);
  });
});
