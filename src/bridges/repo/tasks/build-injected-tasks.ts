import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { EnvriggerError } from "../../../core/errors.js";
import { deriveSeed } from "../../../core/seeding.js";
import { sampleMutations } from "../mutations/sample-mutations.js";
import { applyMutation, type SourceMutation } from "../mutations/source-mutation.js";
import { prepareCheckout, snapshotTree } from "../workspace/index.js";
import type { BuildProgress, DroppedCandidate } from "./build-event.js";
import { fileHash } from "./file-hash.js";
import { referenceEdit } from "./reference-change.js";
import type { RepoTarget } from "./repo-target.js";
import type { RepoTask } from "./repo-task.js";
import { taskSplit } from "./task-split.js";
import { injectedStatement } from "./task-statement.js";
import { testPathMatcher } from "./test-paths.js";
import { passedInEvery, passedInNone, runSummary, runTree, type TreeRunOptions } from "./tree-runs.js";

/** How many injected bugs to look for. */
export interface InjectedBuildOptions extends TreeRunOptions {
  /** Keep at most this many tasks. */
  tasks: number;
  /** Try at most this many mutations. */
  attempts: number;
  /** Validation runs per tree (3: a test that changes its mind is dropped). */
  runs: number;
  seed: number;
  progress?: BuildProgress;
}

/** The validated injected-bug tasks of a target and the baseline they were validated against. */
export interface InjectedBuild {
  baseline: string[];
  flaky: string[];
  tasks: RepoTask[];
  /** Every mutation tried and not kept, with the reason. */
  dropped: DroppedCandidate[];
}

/**
 * Injected bugs (the SWE-smith method): ts-morph mutations of the target's source files at
 * its pinned commit, kept only when the clean tree's suite passes and the mutant's breaks
 * at least one test in every one of `runs` runs. FAIL_TO_PASS are the tests of the clean
 * tree's baseline (passed every run) that failed every mutant run; a test the mutant left
 * undecided (passing in some runs) is dropped from both sets. The reference change is the
 * exact inverse Edit, which gives back the clean tree byte for byte — so the baseline's
 * runs are the runs of the fixed tree.
 */
export async function buildInjectedTasks(target: RepoTarget, options: InjectedBuildOptions): Promise<InjectedBuild> {
  const report = options.progress ?? (() => {});
  const clean = await runTree(target, { commit: target.commit }, options.runs, options);
  const flakyByName = (id: string) => target.flakyTests.some((part) => id.includes(part));
  const everyPass = passedInEvery(clean);
  const baseline = [...everyPass].filter((id) => !flakyByName(id));
  const flaky = Object.keys(clean[0]?.tests ?? {}).filter((id) => !everyPass.has(id) || flakyByName(id));
  report({ kind: "baseline", source: "injected", passing: baseline.length, flaky: flaky.length, runs: options.runs });
  if (baseline.length === 0) {
    const none = Object.keys(clean[0]?.tests ?? {}).length === 0;
    throw new EnvriggerError(
      none ? "NO_TESTS" : "NO_PASSING_TESTS",
      `${target.name} at ${target.commit.slice(0, 7)}: \`${target.testCommand}\` ${none ? "reported no test" : "passed no test in every run"}: ${runSummary(clean[0])}`,
      {
        hint: none
          ? "check that the command runs the tests offline with the listed dev dependencies; a runner whose output names no tests needs its test files: give tests=<globs> (each file then runs on its own)"
          : "the suite must pass at the pinned commit: give commit=<a passing commit> or fix the test command",
      },
    );
  }

  // ts-morph loads only when bugs are injected (not when the env reads its task files).
  const { mutationCandidates, parsesCleanly } = await import("../mutations/mutation-candidates.js");
  const checkout = await prepareCheckout({ bundle: target.bundle, commit: target.commit }, options);
  const sources = new Map<string, string>();
  const candidates: SourceMutation[] = [];
  for (const file of target.sourceFiles) {
    const text = await readFile(path.join(checkout, file), "utf8");
    sources.set(file, text);
    for (const mutation of mutationCandidates(file, text))
      if (parsesCleanly(file, applyMutation(text, mutation))) candidates.push(mutation);
  }
  const testFiles = testFilesOf(checkout, target.tests);
  const tasks: RepoTask[] = [];
  const dropped: DroppedCandidate[] = [];
  const drop = (candidate: string, reason: DroppedCandidate["reason"], detail: string) => {
    const entry: DroppedCandidate = { source: "injected", candidate, reason, detail };
    dropped.push(entry);
    report({ kind: "dropped", ...entry });
  };
  for (const mutation of sampleMutations(candidates, deriveSeed(options.seed, target.name), options.attempts)) {
    if (tasks.length >= options.tasks) break;
    const original = sources.get(mutation.path) as string;
    const mutated = applyMutation(original, mutation);
    const key = `mutation:${mutation.path}:${mutation.start}:${mutation.end}:${mutation.replacement}`;
    const tree = {
      commit: target.commit,
      key,
      prepare: (dir: string) => writeFile(path.join(dir, mutation.path), mutated),
    };
    const first = await runTree(target, tree, 1, options);
    if (passedInNone(first, baseline).size === 0) {
      drop(mutation.description, "no-failing-test", `all ${baseline.length} baseline tests still pass`);
      continue;
    }
    const runs = await runTree(target, tree, options.runs, options);
    const failToPass = [...passedInNone(runs, baseline)];
    const stillPass = passedInEvery(runs);
    const undecided = baseline.filter((id) => !stillPass.has(id) && !failToPass.includes(id));
    if (failToPass.length === 0) {
      drop(mutation.description, "flaky", `breaks tests in some of ${options.runs} runs only`);
      continue;
    }
    const id = `${target.name}:bug-${mutation.path.replace(/[^A-Za-z0-9]+/g, "-")}-${mutation.line}-${mutation.kind}-${mutation.start}`;
    tasks.push({
      id,
      repo: target.name,
      source: "injected",
      split: taskSplit(id),
      startCommit: target.commit,
      startChanges: [referenceEdit(mutation.path, original, mutated) as NonNullable<ReturnType<typeof referenceEdit>>],
      referenceCommit: target.commit,
      referenceChanges: [
        referenceEdit(mutation.path, mutated, original) as NonNullable<ReturnType<typeof referenceEdit>>,
      ],
      startFileHashes: { [mutation.path]: fileHash(mutated) },
      hiddenTestFiles: testFiles,
      statement: injectedStatement(target.name, failToPass),
      failToPass,
      baseline: target.commit,
      passToPassExcluded: undecided,
      mutation: { kind: mutation.kind, path: mutation.path, line: mutation.line, description: mutation.description },
    });
    report({
      kind: "kept",
      source: "injected",
      candidate: mutation.description,
      taskId: id,
      failToPass: failToPass.length,
      passToPass: baseline.length - failToPass.length - undecided.length,
    });
  }
  return { baseline, flaky, tasks, dropped };
}

/** The test files of a tree by the target's `tests` globs (default the usual layouts), sorted: the task records them; hidden grading restores every file that is not a source. */
export function testFilesOf(checkout: string, tests: readonly string[] = []): string[] {
  const isTest = testPathMatcher(tests);
  return snapshotTree(checkout)
    .filter((entry) => entry.kind === "file" && isTest(entry.path))
    .map((entry) => entry.path)
    .sort();
}
