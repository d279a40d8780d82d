import { describe, expect, it } from "vitest";
import { TestEnv } from "../testing/test-env.js";
import { checkEnv } from "./check-env.js";

describe("checkEnv", () => {
  it("passes a deterministic env", async () => {
    const report = await checkEnv(async () => new TestEnv(), { taskId: "t1", seed: 7, maxSteps: 9 });
    expect(report.issues).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.steps).toBeGreaterThan(0);
  });

  it("finds nondeterministic reset", async () => {
    let calls = 0;
    const report = await checkEnv(async () => new TestEnv({ onReset: (state) => void (state.counter = calls++) }), {
      taskId: "t1",
      seed: 1,
    });
    expect(report.ok).toBe(false);
    expect(report.issues.some((issue) => issue.code === "determinism")).toBe(true);
  });

  it("finds bad shapes", async () => {
    const report = await checkEnv(async () => new TestEnv({ onStep: () => 42 as unknown as string }), {
      taskId: "t1",
      actions: [{ name: "inc", args: {} }],
    });
    expect(report.issues.some((issue) => issue.code === "shape")).toBe(true);
  });

  it("finds an env whose step throws", async () => {
    const report = await checkEnv(
      async () =>
        new TestEnv({
          onStep: () => {
            throw new Error("boom");
          },
        }),
      { taskId: "t1", actions: [{ name: "inc", args: {} }] },
    );
    expect(report.issues.some((issue) => issue.code === "exception" && issue.message.includes("boom"))).toBe(true);
  });
});
