import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseTap } from "./parse-tap.js";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

describe("parseTap", () => {
  it("groups tape's assertions by test: mri with its manifest's injected bug fails 5 of 23 test blocks", () => {
    // `tape test/*.js` on lukeed/mri with src/index.js:83 `out[name] = false` -> `true`.
    const records = parseTap(fixture("tape-mri-injected-bug.tap"));
    expect(records).toHaveLength(23);
    expect(records.filter((record) => record.status === "fail")).toHaveLength(5);
    expect(records[0]).toEqual({ file: "", suite: [], name: "parse args", status: "fail" });
  });

  it("takes node --test's leaf test points inside their parents, with SKIP, and not its totals", () => {
    // node 20 `--test-reporter=tap` on: adds (pass), fails (fail), skipped ({skip:true}), outer with subtest inner.
    expect(parseTap(fixture("node-test-runner.tap"))).toEqual([
      { file: "", suite: [], name: "adds", status: "pass" },
      { file: "", suite: [], name: "fails", status: "fail" },
      { file: "", suite: [], name: "skipped", status: "skip" },
      { file: "", suite: ["outer"], name: "inner", status: "pass" },
    ]);
  });

  it("a parent that fails while its subtests pass is a failed test of its own", () => {
    const text =
      "TAP version 13\n    ok 1 - a\n    ok 2 - b\nnot ok 1 - group\n    ok 1 - c\nok 2 - other\nok 3 - flat\n1..3\n";
    expect(parseTap(text)).toEqual([
      { file: "", suite: ["group"], name: "a", status: "pass" },
      { file: "", suite: ["group"], name: "b", status: "pass" },
      { file: "", suite: [], name: "group", status: "fail" },
      { file: "", suite: ["other"], name: "c", status: "pass" },
      { file: "", suite: [], name: "flat", status: "pass" },
    ]);
  });

  it("finds nothing in output that is not TAP", () => {
    expect(parseTap("  Total:     44\n  Passed:    44\n")).toEqual([]);
  });
});
