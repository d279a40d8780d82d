import { execFileSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeUnseenRepository } from "../bench/unseen-repository.js";
import { isolationForTests } from "../src/testing/isolation-for-tests.js";
import { runCapturedCli } from "./helpers/capture-io.js";
import { readDocument } from "./helpers/markdown-docs.js";

/** The fenced code blocks of a Markdown text, with their language. */
function codeBlocks(text: string): Array<{ language: string; body: string }> {
  return [...text.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((match) => ({
    language: match[1] as string,
    body: match[2] as string,
  }));
}

/** A command line of the page as argv (words split on spaces; the page quotes nothing). */
const argvOf = (line: string) => line.replace(/^npx envrigger\s+/, "").split(/\s+/);

const page = readDocument("docs/your-own-repository.md");
const isolated = await isolationForTests("your own repository (docs)");
const cacheDir = mkdtempSync(path.join(tmpdir(), "envrigger-own-docs-cache-"));
chmodSync(cacheDir, 0o755);
const repository = makeUnseenRepository();
const previousCache = process.env.ENVRIGGER_CACHE_DIR;
process.env.ENVRIGGER_CACHE_DIR = cacheDir;
afterAll(() => {
  if (previousCache === undefined) delete process.env.ENVRIGGER_CACHE_DIR;
  else process.env.ENVRIGGER_CACHE_DIR = previousCache;
  rmSync(repository, { recursive: true, force: true });
  rmSync(cacheDir, { recursive: true, force: true });
});

/**
 * docs/your-own-repository.md followed as written, on a small library made with its
 * history (node:test, two real fixes): the clone is the made repository, the settings
 * file is the page's, and every `npx envrigger …` line runs in order and succeeds.
 */
describe.skipIf(!isolated)("the 'your own repository' page, followed from clone to curriculum", () => {
  const blocks = codeBlocks(page);

  it("starts with a clone and gives the settings file as JSON", () => {
    expect(blocks[0]?.body).toMatch(/^git clone /);
    expect(blocks.filter((block) => block.language === "json")).toHaveLength(1);
  });

  it("every command of the page succeeds, in order", { timeout: 1_800_000 }, async () => {
    const settings = blocks.find((block) => block.language === "json")?.body as string;
    writeFileSync(path.join(repository, "envrigger-repo.json"), settings);
    const commands = blocks
      .filter((block) => block.language === "bash")
      .flatMap((block) => block.body.split("\n"))
      .filter((line) => line.startsWith("npx envrigger "));
    expect(commands.length).toBeGreaterThanOrEqual(6);
    for (const line of commands) {
      const result = await runCapturedCli(repository, argvOf(line));
      expect(result.code, `${line}\n${result.stderr.slice(-3000)}`).toBe(0);
      if (line.includes("repo build")) expect(result.stderr).toMatch(/kept as /);
      if (line.includes("repo list")) {
        const listed = JSON.parse(result.stdout) as { tasks: Array<{ source: string }> };
        expect(listed.tasks.some((task) => task.source === "historical")).toBe(true);
        expect(listed.tasks.some((task) => task.source === "injected")).toBe(true);
      }
      if (line.includes("baseline")) {
        const report = JSON.parse(result.stdout) as {
          successRate: number;
          publicPassRate: number | null;
          errored: number;
        };
        expect(report.errored).toBe(0);
        if (line.includes("--policy oracle")) expect(report.successRate).toBe(1);
        if (line.includes("--policy test-rewriter"))
          expect(report).toMatchObject({ successRate: 0, publicPassRate: 1 });
      }
    }
    // Nothing landed in the clone but the settings file and the run directory the page names.
    const untracked = execFileSync("git", ["status", "--porcelain", "--untracked-files=normal"], {
      cwd: repository,
      encoding: "utf8",
    });
    expect(untracked.split("\n").filter(Boolean).sort()).toEqual(["?? envrigger-repo.json", "?? runs/"]);
  });
});
