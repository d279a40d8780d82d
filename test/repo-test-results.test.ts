import { describe, expect, it } from "vitest";
import { runRepoTests } from "../src/bridges/repo/test-results/index.js";
import { isolationForTests } from "../src/testing/isolation-for-tests.js";
import { manifestBug, repoWorkspaceForTests } from "./helpers/repo-workspace.js";

/** One repository per runner the manifest uses (tempura is left out: a timing test of its suite is flaky under load). */
const RUNNERS = [
  { name: "dequal", adapter: "uvu" }, // uvu 0.3 + esm
  { name: "resolve.exports", adapter: "uvu" }, // uvu 0.5 + tsm
  { name: "mri", adapter: "tape" }, // npm test: a build, then tape piped into tap-spec
  { name: "heap", adapter: "mocha" }, // mocha 6 + chai
  { name: "Fraction.js", adapter: "mocha" }, // mocha 10
  { name: "ms", adapter: "jest" }, // jest 30 + ts-jest
] as const;

/** tape's manifest count is of assertions; a test here is a test() block (23 in mri). */
const TEST_BLOCKS: Record<string, number> = { mri: 23 };

describe.skipIf(!(await isolationForTests("repo test results")))("runRepoTests on the bundled repositories", () => {
  for (const { name, adapter } of RUNNERS) {
    it(`${name}: every test passes at the pinned commit and the manifest's bug fails its tests (${adapter})`, async () => {
      const clean = await repoWorkspaceForTests(name);
      const buggy = await repoWorkspaceForTests(name, { withManifestBug: true });
      try {
        const passing = await runRepoTests({
          workspace: clean.workspace.dir,
          testCommand: clean.entry.test_command,
          isolation: "bwrap",
        });
        expect(passing).toMatchObject({ adapter, stop: "exited", exitCode: 0 });
        expect(passing.tests).toHaveLength(TEST_BLOCKS[name] ?? clean.entry.tests_passed);
        expect(passing.tests.every((test) => test.status === "pass")).toBe(true);
        expect(new Set(passing.tests.map((test) => test.id)).size).toBe(passing.tests.length);

        const failing = await runRepoTests({
          workspace: buggy.workspace.dir,
          testCommand: buggy.entry.test_command,
          isolation: "bwrap",
        });
        expect(failing.adapter).toBe(adapter);
        expect(failing.exitCode).not.toBe(0);
        expect(failing.tests.map((test) => test.id)).toEqual(passing.tests.map((test) => test.id));
        expect(failing.tests.filter((test) => test.status === "fail")).toHaveLength(manifestBug(clean.entry).failing);
      } finally {
        await clean.workspace.dispose();
        await buggy.workspace.dispose();
      }
    }, 120_000);
  }

  it("runs only the given files", async () => {
    const { entry, workspace } = await repoWorkspaceForTests("dequal");
    try {
      const run = await runRepoTests({
        workspace: workspace.dir,
        testCommand: entry.test_command,
        files: ["test/lite.js"],
        isolation: "bwrap",
      });
      expect(run.tests.length).toBeGreaterThan(0);
      expect(run.tests.every((test) => test.file === "test/lite.js" && test.status === "pass")).toBe(true);
    } finally {
      await workspace.dispose();
    }
  }, 60_000);

  it("falls back to one run per test file for a runner it cannot read", async () => {
    // `node -r esm FILE` runs uvu's tests outside its CLI, printing only a summary.
    const { workspace } = await repoWorkspaceForTests("dequal", { withManifestBug: true });
    try {
      const run = await runRepoTests({ workspace: workspace.dir, testCommand: "node -r esm", isolation: "bwrap" });
      expect(run.adapter).toBe("per-file");
      expect(run.tests).toEqual([
        { id: "test/index.js", file: "test/index.js", name: "", status: "fail" },
        { id: "test/lite.js", file: "test/lite.js", name: "", status: "pass" },
      ]);
    } finally {
      await workspace.dispose();
    }
  }, 60_000);
});
