import { describe, expect, it } from "vitest";
import { fisherExactTest } from "./fisher-exact-test.js";

describe("fisherExactTest", () => {
  it("matches reference values (R's fisher.test, two-sided)", () => {
    expect(fisherExactTest(3, 1, 1, 3)).toBeCloseTo(0.4857, 4);
    expect(fisherExactTest(10, 0, 0, 10)).toBeCloseTo(2 / 184_756, 10);
    expect(fisherExactTest(1, 9, 11, 3)).toBeCloseTo(0.002759, 5);
  });

  it("is 1 for an empty margin and for a table without association", () => {
    expect(fisherExactTest(0, 0, 3, 4)).toBe(1);
    expect(fisherExactTest(5, 5, 5, 5)).toBeCloseTo(1, 10);
  });
});
