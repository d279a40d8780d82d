import { describe, expect, it } from "vitest";
import {
  createFraction,
  formatFraction,
  fractionEquals,
  fractionIsInteger,
  fractionToNumber,
  parseFraction,
  tryFraction,
} from "./fraction.js";

describe("fraction", () => {
  it("normalizes sign and common factors", () => {
    expect(createFraction(6, 4)).toEqual({ numerator: 3, denominator: 2 });
    expect(createFraction(3, -9)).toEqual({ numerator: -1, denominator: 3 });
    expect(createFraction(-4, -2)).toEqual({ numerator: 2, denominator: 1 });
    expect(createFraction(7)).toEqual({ numerator: 7, denominator: 1 });
  });

  it("has one zero, 0/1, without a negative zero", () => {
    const zero = createFraction(0, -5);
    expect(zero).toEqual({ numerator: 0, denominator: 1 });
    expect(Object.is(zero.numerator, -0)).toBe(false);
    expect(fractionEquals(zero, createFraction(0))).toBe(true);
  });

  it("refuses a zero denominator and unsafe parts", () => {
    expect(tryFraction(1, 0)).toBeUndefined();
    expect(tryFraction(2 ** 53, 1)).toBeUndefined();
    expect(tryFraction(1.5, 1)).toBeUndefined();
    expect(() => createFraction(1, 0)).toThrow(expect.objectContaining({ code: "BAD_ARGUMENT" }));
  });

  it("formats and parses a/b, integers and negatives", () => {
    expect(formatFraction(createFraction(8, 3))).toBe("8/3");
    expect(formatFraction(createFraction(-1, 2))).toBe("-1/2");
    expect(formatFraction(createFraction(24))).toBe("24");
    expect(parseFraction("8/3")).toEqual(createFraction(8, 3));
    expect(parseFraction("6/4")).toEqual(createFraction(3, 2));
    expect(parseFraction("-5")).toEqual(createFraction(-5));
    for (const bad of ["", "3/0", "1/-2", "2.5", "a", "1/2/3", " 3", "--1"]) expect(parseFraction(bad)).toBeUndefined();
  });

  it("compares exactly", () => {
    expect(fractionIsInteger(createFraction(48, 2), 24)).toBe(true);
    expect(fractionIsInteger(createFraction(47, 2), 24)).toBe(false);
    expect(fractionToNumber(createFraction(1, 4))).toBe(0.25);
  });
});
