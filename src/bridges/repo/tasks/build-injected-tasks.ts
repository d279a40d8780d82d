import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { deriveSeed } from "../../../core/seeding.js";
import { sampleMutations } from "../mutations/sample-mutations.js";
import { applyMutation, type SourceMutation } from "../mutations/source-mutation.js";
import { prepareCheckout, snapshotTree } from "../workspace/index.js";
import type { BuildProgress } from "./build-progress.js";
import { fileHash } from "./file-hash.js";
import { referenceEdit } from "./reference-change.js";
import type { RepoTarget } from "./repo-target.js";
import type { RepoTask } from "./repo-task.js";
import { taskSplit } from "./task-split.js";
import { injectedStatement } from "./task-statement.js";
import { isTestPath } from "./test-paths.js";
import { passedInEvery, passedInNone, runTree, type TreeRunOptions } from "./tree-runs.js";

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
  const log = options.progress ?? (() => {});
  const clean = await runTree(target, { commit: target.commit }, options.runs, options);
  const flakyByName = (id: string) => target.flakyTests.some((part) => id.includes(part));
  const everyPass = passedInEvery(clean);
  const baseline = [...everyPass].filter((id) => !flakyByName(id));
  const flaky = Object.keys(clean[0]?.tests ?? {}).filter((id) => !everyPass.has(id) || flakyByName(id));
  log(`${target.name}: baseline ${baseline.length} tests pass in ${options.runs} runs, ${flaky.length} dropped`);
  if (baseline.length === 0) return { baseline, flaky, tasks: [] };

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
  const testFiles = testFilesOf(checkout);
  const tasks: RepoTask[] = [];
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
      log(`${target.name}: ${mutation.description}: no test breaks, dropped`);
      continue;
    }
    const runs = await runTree(target, tree, options.runs, options);
    const failToPass = [...passedInNone(runs, baseline)];
    const stillPass = passedInEvery(runs);
    const undecided = baseline.filter((id) => !stillPass.has(id) && !failToPass.includes(id));
    if (failToPass.length === 0) {
      log(`${target.name}: ${mutation.description}: breaks tests only in some runs, dropped`);
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
    log(`${target.name}: ${mutation.description}: kept (${failToPass.length} fail, ${undecided.length} undecided)`);
  }
  return { baseline, flaky, tasks };
}

/** The test files of a tree (what the verdict restores whatever the agent did to them), sorted. */
export function testFilesOf(checkout: string): string[] {
  return snapshotTree(checkout)
    .filter((entry) => entry.kind === "file" && isTestPath(entry.path))
    .map((entry) => entry.path)
    .sort();
}
