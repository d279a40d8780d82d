import { describe, expect, it } from "vitest";
import { bugFixCatalog, compactProjection, projectionLabel } from "../../bridges/bugfix/index.js";
import { inferFixOp } from "./infer-fix-op.js";

describe("inferFixOp", () => {
  it("picks each task's fix op from the read projection alone (all 30 tasks)", () => {
    for (const entry of bugFixCatalog()) {
      const observation = `${projectionLabel}\n${compactProjection(entry.buggySource)}`;
      expect(inferFixOp(observation), entry.id).toBe(entry.spec.fixOp);
    }
  });

  it("tells range from init by the range end only", () => {
    expect(inferFixOp("for ( const i of range ( 2 , n ) ) {")).toBe("extend_range");
    expect(inferFixOp("for ( const i of range ( 2 , n + 1 ) ) {")).toBe("toggle_init");
    expect(inferFixOp("for ( const j of range ( low , high ) ) {")).toBe("extend_range");
  });

  it("does not mistake longer names for keywords, and guesses relax_compare otherwise", () => {
    expect(inferFixOp("return minimum + maximum ;")).toBe("relax_compare");
    expect(inferFixOp("error: malformed call")).toBe("relax_compare");
    expect(inferFixOp("return a > b ;")).toBe("relax_compare");
    expect(inferFixOp("return idiv ( a , b ) ;")).toBe("guard_zero");
  });
});
