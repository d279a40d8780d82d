import { describe, expect, it } from "vitest";
import { formatCall } from "../../bridges/bugfix/index.js";
import { perceiveBugFix } from "./bugfix-perception.js";
import { codeProjectionOf } from "./code-projection-of.js";
import { testOutcomeOf } from "./test-outcome-of.js";

const projection = [
  "projection of the source (tokens separated by spaces, indentation removed; not runnable code):",
  "function sumTo ( n ) {",
  "let total = 0 ;",
  "for ( const i of range ( 0 , n ) ) {",
  "total += i ;",
  "}",
  "return total ;",
  "}",
].join("\n");

describe("BugFix perception", () => {
  it("finds complete code in a projection and refuses a cut one", () => {
    expect(codeProjectionOf(projection)?.split("\n")).toHaveLength(7);
    expect(codeProjectionOf(projection.split("\n").slice(0, 6).join("\n"))).toBeNull();
    expect(codeProjectionOf("[the output of read is unavailable in this episode]")).toBeNull();
  });

  it("reads test reports", () => {
    expect(testOutcomeOf("pass\npass\npass")).toBe("pass");
    expect(testOutcomeOf("pass\nfail (3) -> got 3 want 6\npass")).toBe("fail");
    expect(testOutcomeOf("[hidden]")).toBe("unknown");
  });

  it("follows its own calls and edits reported by the start observation", () => {
    const history = [
      { action: formatCall("read"), observation: { text: projection } },
      { action: formatCall("edit", "toggle_init"), observation: { text: "edited: applied toggle_init" } },
      { action: formatCall("test"), observation: { text: "fail (2) -> got 2 want 1" } },
    ];
    const perception = perceiveBugFix("`sumTo` returns wrong results", history);
    expect(perception).toMatchObject({
      reads: 1,
      edited: true,
      testedSinceEdit: true,
      lastTest: "fail",
      spentOps: ["toggle_init"],
    });
    expect(perception.code).toContain("range ( 0 , n )");
    const scaffolded = perceiveBugFix("`sumTo` returns wrong results\n\nedited: applied extend_range", []);
    expect(scaffolded).toMatchObject({ edited: true, testedSinceEdit: false, spentOps: ["extend_range"], code: null });
  });
});
