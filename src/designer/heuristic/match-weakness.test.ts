import { describe, expect, it } from "vitest";
import { isEnvriggerError } from "../../core/errors.js";
import { matchWeakness } from "./match-weakness.js";

describe("matchWeakness", () => {
  it.each([
    ["submits without running the tests", "skips-verification"],
    ["never checks its work before answering", "skips-verification"],
    ["submits despite failing tests", "ignores-failed-verification"],
    ["ignores test failures", "ignores-failed-verification"],
    ["repeats actions", "repeats-actions"],
    ["gets stuck in a loop re-reading the file", "repeats-actions"],
    ["runs out of turns", "runs-out-of-budget"],
    ["makes malformed calls", "invalid-calls"],
    ["gives up early", "gives-up-early"],
    ["over-relies on one tool", "over-relies-on-tool"],
    ["skips-verification", "skips-verification"],
  ])("maps %j to %s", (text, id) => {
    expect(matchWeakness(text).id).toBe(id);
  });

  it("refuses unknown text with the list of known weaknesses", () => {
    let caught: unknown;
    try {
      matchWeakness("writes poetry instead of code");
    } catch (error) {
      caught = error;
    }
    expect(isEnvriggerError(caught, "BAD_ARGUMENT")).toBe(true);
    expect((caught as Error).message).toContain("skips-verification");
    expect((caught as Error).message).toContain("repeats-actions");
  });
});
