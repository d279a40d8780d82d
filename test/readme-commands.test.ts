import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readDocument, repositoryRoot } from "./helpers/markdown-docs.js";

/** The lines inside fenced code blocks of a Markdown text. */
function codeLines(text: string): string[] {
  let inFence = false;
  return text.split("\n").filter((line) => {
    if (/^\s*```/.test(line)) {
      inFence = !inFence;
      return false;
    }
    return inFence;
  });
}

describe("the commands a fresh clone is told to run", () => {
  it("use the checkout's launcher, never npx envrigger (which installs the checkout into npx's cache first)", () => {
    for (const file of ["README.md", "docs/getting-started.md"]) {
      const commands = codeLines(readDocument(file));
      expect(
        commands.filter((line) => /\bnpx envrigger\b/.test(line)),
        file,
      ).toEqual([]);
    }
    expect(codeLines(readDocument("README.md")).some((line) => line.startsWith("./bin/envrigger.js "))).toBe(true);
  });

  it("are the ones the fresh-clone bench section times", () => {
    const bench = readFileSync(join(repositoryRoot, "bench/fresh-clone.ts"), "utf8");
    const readme = codeLines(readDocument("README.md"));
    expect(readme).toContain("npm ci && npm start   # the main job, offline, on the embedded default");
    expect(bench).toContain('msToFirstLine("npm", ["start"], clone)');
    const baseline = readme.find((line) => line.startsWith("./bin/envrigger.js baseline "));
    expect(baseline).toBe("./bin/envrigger.js baseline --env bugfix --policy hasty --episodes 20");
    expect(bench).toContain('["baseline", "--env", "bugfix", "--policy", "hasty", "--episodes", "20", "--json"]');
  });
});
