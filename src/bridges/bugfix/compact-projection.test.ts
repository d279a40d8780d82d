import { describe, expect, it } from "vitest";
import { compactProjection, projectionLabel } from "./compact-projection.js";

describe("compactProjection", () => {
  it("separates tokens by single spaces, keeps newlines and drops indentation", () => {
    const source = "function clamp(x, lower, upper) {\n  return min(lower, max(x, upper));\n}";
    expect(compactProjection(source)).toBe(
      "function clamp ( x , lower , upper ) {\nreturn min ( lower , max ( x , upper ) ) ;\n}",
    );
  });

  it("keeps multi-character operators whole", () => {
    expect(compactProjection("    if (a === 0 && b >= 1) total += i * i;")).toBe(
      "if ( a === 0 && b >= 1 ) total += i * i ;",
    );
    expect(compactProjection("for (const i of range(1, n + 1)) {")).toBe("for ( const i of range ( 1 , n + 1 ) ) {");
  });

  it("is labelled as a projection", () => {
    expect(projectionLabel).toMatch(/projection/);
    expect(projectionLabel).toMatch(/not runnable/);
  });
});
