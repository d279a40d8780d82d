import { describe, expect, it } from "vitest";
import { cutGameText } from "./cut-game-text.js";

describe("cutGameText", () => {
  it("leaves short texts alone", () => {
    expect(cutGameText("You are in a bedroom.", 100)).toBe("You are in a bedroom.");
  });

  it("keeps head and tail with a marker, within the budget", () => {
    const text = `HEAD ${"x".repeat(5000)} TAIL`;
    const cut = cutGameText(text, 300);
    expect(cut.length).toBeLessThanOrEqual(300);
    expect(cut.startsWith("HEAD ")).toBe(true);
    expect(cut.endsWith(" TAIL")).toBe(true);
    const match = /\n\[… (\d+) characters cut …\]\n/.exec(cut);
    expect(match).not.toBeNull();
    const head = cut.slice(0, match!.index);
    const tail = cut.slice(match!.index + match![0].length);
    expect(head.length + Number(match![1]) + tail.length).toBe(text.length);
    expect(head.length).toBeGreaterThan(tail.length);
  });

  it("keeps only the head when the budget cannot hold the marker", () => {
    expect(cutGameText("abcdefghijklmnopqrstuvwxyz", 5)).toBe("abcde");
  });
});
