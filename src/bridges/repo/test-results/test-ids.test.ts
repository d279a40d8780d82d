import { describe, expect, it } from "vitest";
import { assignTestIds } from "./test-ids.js";

describe("assignTestIds", () => {
  it("joins file, suites and name, numbers repeats in run order, and names a whole file by itself", () => {
    const ids = assignTestIds([
      { file: "test/a.js", suite: ["Fraction"], name: "adds", status: "pass" },
      { file: "test/a.js", suite: ["Fraction"], name: "adds", status: "fail" },
      { file: "", suite: [], name: "parse args", status: "pass" },
      { file: "test/b.js", suite: [], name: "", status: "fail" },
    ]).map((result) => result.id);
    expect(ids).toEqual(["test/a.js > Fraction > adds", "test/a.js > Fraction > adds #2", "parse args", "test/b.js"]);
  });
});
