import { describe, expect, it } from "vitest";
import { truncateOutput } from "./truncate-output.js";

describe("truncateOutput", () => {
  it("leaves texts within the budget alone", () => {
    expect(truncateOutput("short", 10)).toBe("short");
    expect(truncateOutput("x".repeat(10), 10)).toBe("x".repeat(10));
  });

  it("keeps head and tail with a visible marker, within the budget", () => {
    const text = Array.from({ length: 200 }, (_, index) => `line ${index}`).join("\n");
    const cut = truncateOutput(text, 120);
    expect(cut.length).toBeLessThanOrEqual(120);
    expect(cut.startsWith("line 0\nline 1")).toBe(true);
    expect(cut.endsWith("line 198\nline 199")).toBe(true);
    const marker = /\[\.\.\. (\d+) characters truncated \.\.\.\]/.exec(cut);
    expect(marker).not.toBeNull();
    // The marker states exactly how much is missing.
    expect(cut.length - marker![0].length - 2 + Number(marker![1])).toBe(text.length);
  });

  it("keeps the head only when the budget cannot hold the marker", () => {
    expect(truncateOutput("abcdefghijklmnopqrstuvwxyz".repeat(4), 8)).toBe("abcdefgh");
  });
});
