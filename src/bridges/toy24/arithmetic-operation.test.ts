import { describe, expect, it } from "vitest";
import { applyOperation, isArithmeticOperation } from "./arithmetic-operation.js";
import { createFraction, formatFraction, type Fraction } from "./fraction.js";

const number = (value: number, denominator = 1) => createFraction(value, denominator);
const text = (value: Fraction | undefined) => (value ? formatFraction(value) : "none");

describe("applyOperation", () => {
  it("computes 3 3 8 8 exactly: 8 / (3 − 8/3) = 24", () => {
    const eightThirds = applyOperation("div", number(8), number(3));
    expect(text(eightThirds)).toBe("8/3");
    const third = applyOperation("sub", number(3), eightThirds as Fraction);
    expect(text(third)).toBe("1/3");
    expect(text(applyOperation("div", number(8), third as Fraction))).toBe("24");
  });

  it("keeps operand order for sub and div", () => {
    expect(text(applyOperation("sub", number(3), number(8)))).toBe("-5");
    expect(text(applyOperation("div", number(3), number(8)))).toBe("3/8");
    expect(text(applyOperation("add", number(1, 2), number(1, 3)))).toBe("5/6");
    expect(text(applyOperation("mul", number(-2, 3), number(3, 4)))).toBe("-1/2");
    expect(text(applyOperation("div", number(1, 2), number(-1, 4)))).toBe("-2");
  });

  it("refuses division by zero and results beyond safe integers", () => {
    expect(applyOperation("div", number(5), number(0))).toBeUndefined();
    expect(text(applyOperation("div", number(0), number(5)))).toBe("0");
    const huge = number(2 ** 40);
    expect(applyOperation("mul", huge, huge)).toBeUndefined();
    expect(applyOperation("add", number(1, 2 ** 20), number(1, 3))).toBeDefined();
    expect(applyOperation("sub", number(1, 2 ** 30), number(2 ** 40, 3))).toBeUndefined();
  });

  it("knows the four operation names", () => {
    expect(["add", "sub", "mul", "div"].every(isArithmeticOperation)).toBe(true);
    expect(isArithmeticOperation("pow")).toBe(false);
    expect(isArithmeticOperation(1)).toBe(false);
  });
});
