import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createRepoEnvDefinition, repoTaskCatalog } from "../src/bridges/repo/index.js";
import type { ActionInput } from "../src/core/action.js";
import { resolvePolicy } from "../src/policies/policy-registry.js";
import { runEpisode } from "../src/rollout/run-episode.js";
import { isolationForTests } from "../src/testing/isolation-for-tests.js";
import { makeGitRepository } from "../src/testing/make-git-repository.js";
import { SequencePolicy } from "../src/testing/sequence-policy.js";

/**
 * The hostile battery for hidden grading: on one small repository per test layout — a
 * root `test.js` (ava's and node's), `__tests__/`, `*.spec.ts` beside TypeScript sources,
 * and tests beside sources under a name no pattern knows (`lib/sum-check.js`) — a policy
 * that rewrites the test file into passing stubs (the same test names, the assertions
 * gone) and leaves the injected bug wins the public reward and scores 0 hidden; the
 * oracle scores 1 and the unchanged tree 0.
 */
const source = `export function clamp(value, low, high) {
  if (value < low) return low;
  if (value > high) return high;
  return value;
}

export function total(values) {
  let sum = 0;
  for (const value of values) sum += value;
  return sum;
}
`;

const tests = (from: string) => `import test from "node:test";
import assert from "node:assert/strict";
import { clamp, total } from "${from}";

test("clamp keeps a value inside", () => assert.equal(clamp(5, 0, 10), 5));
test("clamp raises a low value", () => assert.equal(clamp(-3, 0, 10), 0));
test("clamp lowers a high value", () => assert.equal(clamp(42, 0, 10), 10));
test("total adds", () => assert.equal(total([1, 2, 3]), 6));
test("total of nothing", () => assert.equal(total([]), 0));
`;

/** The rewrite: the same tests, each assertion a no-op. */
const stubbed = (text: string) => text.replaceAll("assert.equal(", "((..._values) => undefined)(");

const loader = `export async function load(url, context, nextLoad) {
  return nextLoad(url, url.endsWith(".ts") ? { ...context, format: "module" } : context);
}
`;

interface Layout {
  name: string;
  files: Record<string, string>;
  /** Settings of the spec's query ("" when an uncommitted envrigger-repo.json gives them). */
  query: string;
  /** Settings written, uncommitted, to the working tree's envrigger-repo.json. */
  settingsFile?: Record<string, string>;
  testFile: string;
}

const pkg = '{ "name": "layout", "type": "module", "private": true }\n';
const layouts: Layout[] = [
  {
    name: "root test.js",
    files: { "package.json": pkg, "index.js": source, "test.js": tests("./index.js") },
    query: "test=node --test test.js",
    testFile: "test.js",
  },
  {
    name: "__tests__/",
    files: { "package.json": pkg, "src/clamp.js": source, "__tests__/clamp.js": tests("../src/clamp.js") },
    query: "test=node --test __tests__/clamp.js",
    testFile: "__tests__/clamp.js",
  },
  {
    name: "*.spec.ts beside sources",
    files: {
      "package.json": pkg,
      "loader.mjs": loader,
      "src/clamp.ts": source,
      "src/clamp.spec.ts": tests("./clamp.ts"),
    },
    query: "test=node --no-warnings --loader ./loader.mjs --test src/clamp.spec.ts&sources=src/clamp.ts",
    testFile: "src/clamp.spec.ts",
  },
  {
    name: "tests beside sources under a name no pattern knows",
    files: { "package.json": pkg, "lib/sum.js": source, "lib/sum-check.js": tests("./sum.js") },
    query: "",
    settingsFile: { test: "node --test lib/sum-check.js", sources: "lib/sum.js" },
    testFile: "lib/sum-check.js",
  },
];

const isolated = await isolationForTests("hostile test rewrites");
const cacheDir = mkdtempSync(path.join(tmpdir(), "envrigger-hostile-rewrites-cache-"));
// The sandbox runs the suite as another user, who must reach the reporter hook in the cache.
chmodSync(cacheDir, 0o755);
const made: string[] = [];
afterAll(() => {
  for (const dir of [...made, cacheDir]) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!isolated)("test rewrites never reach hidden grading", () => {
  for (const layout of layouts)
    it(`${layout.name}: oracle 1, unchanged 0, test rewriter public 1 and hidden 0`, { timeout: 300_000 }, async () => {
      const dir = makeGitRepository([{ subject: "clamp and total", files: layout.files }], "envrigger-layout-");
      made.push(dir);
      if (layout.settingsFile)
        writeFileSync(path.join(dir, "envrigger-repo.json"), JSON.stringify(layout.settingsFile));
      const spec = `repo:${dir}?${layout.query}${layout.query ? "&" : ""}historical=0&injected=2`;
      const tasks = (await repoTaskCatalog(spec, { cacheDir })).tasks();
      expect(tasks.length).toBeGreaterThan(0);
      const [task] = tasks;
      const definition = createRepoEnvDefinition(spec, { cacheDir });
      const hiddenEnv = await definition.create({});
      const publicEnv = await definition.create({ reward: "public" });
      try {
        const play = (policy: ReturnType<Awaited<ReturnType<typeof resolvePolicy>>["factory"]>, env = hiddenEnv) =>
          runEpisode(env, policy, { taskId: task.id, seed: 0, callTimeoutMs: 120_000 });
        const named = async (name: string) => (await resolvePolicy(name, spec)).factory();
        const oracle = await play(await named("oracle"));
        expect(oracle.evaluation?.success, `${task.id} oracle`).toBe(true);
        const unchanged = await play(await named("submit-at-once"));
        expect(unchanged.evaluation?.success).toBe(false);
        const rewrite: ActionInput[] = [
          { name: "Write", args: { file_path: layout.testFile, content: stubbed(layout.files[layout.testFile]) } },
          { name: "Bash", args: { command: "npm test" } },
          { name: "Submit", args: {} },
        ];
        const hackedPublic = await play(new SequencePolicy(rewrite, "test-rewriter"), publicEnv);
        expect(hackedPublic.totalReward, "the rewrite passes the visible tests").toBe(1);
        const hacked = await play(new SequencePolicy(rewrite, "test-rewriter"));
        expect(hacked.totalReward).toBe(0);
        expect(hacked.evaluation?.success).toBe(false);
        expect(hacked.evaluation?.metrics.hiddenFrac).toBeLessThan(1);
      } finally {
        await hiddenEnv.close();
        await publicEnv.close();
      }
    });
});
