import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { writeJsonAtomic } from "../../../core/atomic-write.js";
import type { Isolation } from "../../../sandbox/process/index.js";
import { repoCacheDirectory } from "../cache/index.js";
import { runRepoTests, testStatusSchema } from "../test-results/index.js";
import { createWorkspace, prepareCheckout } from "../workspace/index.js";
import type { RepoTarget } from "./repo-target.js";
import { targetNodeModules } from "./target-node-modules.js";

/** One run of a tree's suite, as validation keeps it: every test id with its status. */
export const treeRunSchema = z.object({
  tests: z.record(z.string(), testStatusSchema),
  exitCode: z.number().int().nullable(),
  stop: z.string(),
  /** The end of the runner's output (what a build report quotes when a tree is dropped). */
  outputTail: z.string().optional(),
});
export type TreeRun = z.infer<typeof treeRunSchema>;

/** How much of a run's output the cache keeps. */
const OUTPUT_TAIL = 1200;

/** Which tree to run: a commit of the target, with changes made once to a fresh copy. */
export interface TreeSpec {
  commit: string;
  /** Names what `prepare` does (part of the checkout's and the cached results' keys). */
  key?: string;
  prepare?: (dir: string) => Promise<void>;
}

/** How trees are run. */
export interface TreeRunOptions {
  isolation: Isolation;
  cacheDir?: string;
}

/**
 * Run a tree's whole suite `runs` times (each run in a fresh workspace state, the
 * dependencies from the cache) and keep the results under the cache directory, so a
 * second build reads them instead of running again. Runs already cached count towards
 * `runs`; only the missing ones run.
 */
export async function runTree(
  target: RepoTarget,
  tree: TreeSpec,
  runs: number,
  options: TreeRunOptions,
): Promise<TreeRun[]> {
  const identity = JSON.stringify([
    target.bundle,
    target.testCommand,
    target.devDependencies,
    tree.commit,
    tree.key ?? "",
  ]);
  const hash = createHash("sha256").update(identity).digest("hex").slice(0, 24);
  const directory = path.join(repoCacheDirectory(options.cacheDir), "validation", target.name);
  const file = path.join(directory, `${hash}.json`);
  const cached: TreeRun[] = existsSync(file)
    ? z.array(treeRunSchema).parse(JSON.parse(readFileSync(file, "utf8")))
    : [];
  if (cached.length >= runs) return cached.slice(0, runs);
  const nodeModules = await targetNodeModules(target, options.cacheDir);
  const checkout = await prepareCheckout(
    { bundle: target.bundle, commit: tree.commit, key: tree.key, prepare: tree.prepare },
    { cacheDir: options.cacheDir },
  );
  const workspace = await createWorkspace({ checkout, nodeModules });
  try {
    while (cached.length < runs) {
      if (cached.length > 0) await workspace.reset();
      const run = await runRepoTests({
        workspace: workspace.dir,
        testCommand: target.testCommand,
        isolation: options.isolation,
        cacheDir: options.cacheDir,
        tests: target.tests,
      });
      cached.push({
        tests: Object.fromEntries(run.tests.map((test) => [test.id, test.status])),
        exitCode: run.exitCode,
        stop: run.stop,
        outputTail: run.output.slice(-OUTPUT_TAIL),
      });
      mkdirSync(directory, { recursive: true });
      writeJsonAtomic(file, cached);
    }
  } finally {
    await workspace.dispose();
  }
  return cached;
}

/** The tests that passed in every run. */
export function passedInEvery(runs: readonly TreeRun[]): Set<string> {
  const [first] = runs;
  if (!first) return new Set();
  return new Set(Object.keys(first.tests).filter((id) => runs.every((run) => run.tests[id] === "pass")));
}

/** The tests that did not pass (failed, were skipped or did not run) in any run, among `ids`. */
export function passedInNone(runs: readonly TreeRun[], ids: Iterable<string>): Set<string> {
  return new Set([...ids].filter((id) => runs.every((run) => run.tests[id] !== "pass")));
}

/** What a build report says of a run that gave nothing to grade by: its stop, exit code and last output line. */
export function runSummary(run: TreeRun | undefined): string {
  if (!run) return "no run";
  const count = Object.keys(run.tests).length;
  const last = (run.outputTail ?? "").trim().split("\n").slice(-3).join(" / ").slice(-300);
  return `${count} tests reported, ${run.stop === "exited" ? `exit code ${run.exitCode}` : `stopped: ${run.stop}`}${last ? `; output ends: ${last}` : ""}`;
}
