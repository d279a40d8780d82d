import { describe, expect, it } from "vitest";
import { createRng, deriveSeed } from "./seeding.js";

describe("seeding", () => {
  it("same seed, same sequence; different seed, different sequence", () => {
    const draw = (seed: number) =>
      Array.from(
        { length: 5 },
        (
          (rng) => () =>
            rng.next()
        )(createRng(seed)),
      );
    expect(draw(1)).toEqual(draw(1));
    expect(draw(1)).not.toEqual(draw(2));
  });

  it("derives distinct, stable child seeds", () => {
    expect(deriveSeed(1, "task", 0)).toBe(deriveSeed(1, "task", 0));
    expect(deriveSeed(1, "task", 0)).not.toBe(deriveSeed(1, "task", 1));
    expect(deriveSeed(1, "a", "b")).not.toBe(deriveSeed(1, "ab"));
    expect(deriveSeed(1, 1)).not.toBe(deriveSeed(1, "1"));
  });

  it("is roughly uniform", () => {
    const rng = createRng(3);
    const counts = [0, 0, 0, 0];
    for (let index = 0; index < 40_000; index++) counts[rng.int(4)]! += 1;
    for (const count of counts) expect(Math.abs(count - 10_000)).toBeLessThan(400);
  });
});
