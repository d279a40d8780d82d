import { describe, expect, it } from "vitest";
import type { HarnessStackSpec } from "../harness/harness-stack-spec.js";
import { pickMember } from "./pick-member.js";
import type { ServedMember, ServedSet } from "./served-member.js";
import { validationWeight } from "./validation-weight.js";

const member = (stackId: string, taskId: string): ServedMember => ({
  stackId,
  taskId,
  spec: { version: 1, base: { env: "bugfix", taskId }, layers: [] } satisfies HarnessStackSpec,
});
const set = (weights: number[]): ServedSet => ({
  envId: "bugfix",
  source: "test",
  members: [member("a", "clamp-0"), member("b", "clamp-0"), member("c", "range-0")],
  weighting: "validation",
  weights,
});

describe("pickMember", () => {
  it("picks by stack_id and task_id, and says what is served when nothing fits", () => {
    expect(pickMember(set([1, 1, 1]), 0, { stackId: "c" })).toMatchObject({ ok: true, member: { stackId: "c" } });
    expect(pickMember(set([1, 1, 1]), 0, { taskId: "range-0" })).toMatchObject({ ok: true, member: { stackId: "c" } });
    expect(pickMember(set([1, 1, 1]), 0, { taskId: "range-0", stackId: "a" })).toMatchObject({
      ok: false,
      field: "stack_id",
    });
    expect(pickMember(set([1, 1, 1]), 0, { taskId: "nope" })).toMatchObject({
      ok: false,
      field: "task_id",
      message: expect.stringContaining("clamp-0, range-0"),
    });
  });

  it("draws from the seed: the same seed, the same member; frequencies follow the weights", () => {
    const weighted = set([1, 0.25, 0.25]);
    expect(pickMember(weighted, 42, {})).toEqual(pickMember(weighted, 42, {}));
    const counts: Record<string, number> = { a: 0, b: 0, c: 0 };
    for (let seed = 0; seed < 6_000; seed++) {
      const picked = pickMember(weighted, seed, {});
      if (picked.ok) counts[picked.member.stackId]! += 1;
    }
    expect(counts.a! / 6_000).toBeCloseTo(2 / 3, 1);
    expect(counts.b! / 6_000).toBeCloseTo(1 / 6, 1);
    const withinTask = { a: 0, b: 0 } as Record<string, number>;
    for (let seed = 0; seed < 2_000; seed++) {
      const picked = pickMember(weighted, seed, { taskId: "clamp-0" });
      if (picked.ok) withinTask[picked.member.stackId]! += 1;
    }
    expect(withinTask.a! / 2_000).toBeCloseTo(0.8, 1);
  });
});

describe("validationWeight", () => {
  it("is 1 inside the band and falls with the distance to it", () => {
    expect(validationWeight(0.5, [0.4, 0.6])).toBe(1);
    expect(validationWeight(0.4, [0.4, 0.6])).toBe(1);
    expect(validationWeight(0.7, [0.4, 0.6])).toBeCloseTo(0.5);
    expect(validationWeight(0.1, [0.4, 0.6])).toBeCloseTo(0.25);
    expect(validationWeight(1, [0.4, 0.6])).toBeGreaterThan(0);
  });
});
