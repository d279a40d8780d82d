import { describe, expect, it } from "vitest";
import { wilsonInterval } from "./wilson-interval.js";

describe("wilsonInterval", () => {
  it("matches known values", () => {
    const [low, high] = wilsonInterval(5, 10);
    expect(low).toBeCloseTo(0.2366, 3);
    expect(high).toBeCloseTo(0.7634, 3);
  });
  it("stays inside [0, 1] at the edges", () => {
    const [low0, high0] = wilsonInterval(0, 5);
    expect(low0).toBe(0);
    expect(high0).toBeCloseTo(0.4345, 3);
    const [low1, high1] = wilsonInterval(5, 5);
    expect(high1).toBe(1);
    expect(low1).toBeCloseTo(0.5655, 3);
    expect(wilsonInterval(0, 0)).toEqual([0, 1]);
  });
});
