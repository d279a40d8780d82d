import { describe, expect, it } from "vitest";
import { strictEqualJson } from "./task-code-compare.js";

describe("strictEqualJson", () => {
  it("requires exact types", () => {
    expect(strictEqualJson(1, true)).toBe(false);
    expect(strictEqualJson(true, 1)).toBe(false);
    expect(strictEqualJson("1", 1)).toBe(false);
    expect(strictEqualJson(null, 0)).toBe(false);
    expect(strictEqualJson(null, {})).toBe(false);
    expect(strictEqualJson([], {})).toBe(false);
    expect(strictEqualJson({}, [])).toBe(false);
    expect(strictEqualJson("", false)).toBe(false);
  });

  it("accepts equal primitives", () => {
    expect(strictEqualJson(true, true)).toBe(true);
    expect(strictEqualJson(3.5, 3.5)).toBe(true);
    expect(strictEqualJson("text", "text")).toBe(true);
    expect(strictEqualJson(null, null)).toBe(true);
  });

  it("treats NaN as equal to NaN and -0 as 0", () => {
    expect(strictEqualJson(Number.NaN, Number.NaN)).toBe(true);
    expect(strictEqualJson(-0, 0)).toBe(true);
    expect(strictEqualJson(Number.NaN, 0)).toBe(false);
    expect(strictEqualJson(Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY)).toBe(true);
    expect(strictEqualJson(Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY)).toBe(false);
  });

  it("compares arrays in order and by length", () => {
    expect(strictEqualJson([1, [2, 3]], [1, [2, 3]])).toBe(true);
    expect(strictEqualJson([1, 2], [2, 1])).toBe(false);
    expect(strictEqualJson([1, 2], [1, 2, 3])).toBe(false);
    expect(strictEqualJson([1], [true])).toBe(false);
  });

  it("compares objects by keys, ignoring key order", () => {
    expect(strictEqualJson({ a: 1, b: [true] }, { b: [true], a: 1 })).toBe(true);
    expect(strictEqualJson({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(strictEqualJson({ a: 1, b: 2 }, { a: 1, c: 2 })).toBe(false);
    expect(strictEqualJson({ a: 1 }, { a: "1" })).toBe(false);
    expect(strictEqualJson({ a: undefined }, { b: undefined })).toBe(false);
  });

  it("compares non-JSON values by identity only", () => {
    const noop = () => 1;
    expect(strictEqualJson(noop, noop)).toBe(true);
    expect(strictEqualJson(noop, () => 1)).toBe(false);
    expect(strictEqualJson(undefined, null)).toBe(false);
  });
});
