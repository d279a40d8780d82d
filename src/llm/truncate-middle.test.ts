import { describe, expect, it } from "vitest";
import { truncateMiddle } from "./truncate-middle.js";

describe("truncateMiddle", () => {
  it("returns short text unchanged", () => {
    expect(truncateMiddle("hello", 5)).toBe("hello");
  });

  it("keeps head and tail with a marker counting the omitted characters", () => {
    const text = `${"a".repeat(100)}${"m".repeat(800)}${"z".repeat(100)}`;
    const cut = truncateMiddle(text, 100);
    expect(cut.startsWith("a".repeat(60))).toBe(true);
    expect(cut.endsWith("z".repeat(40))).toBe(true);
    expect(cut).toContain("[… 900 characters omitted …]");
  });
});
