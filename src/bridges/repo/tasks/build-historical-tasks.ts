import { mkdir, writeFile } from "node:fs/promises";
import { EnvriggerError } from "../../../core/errors.js";
import path from "node:path";
import type { BuildProgress, DroppedCandidate } from "./build-event.js";
import { fileHash } from "./file-hash.js";
import { fileAt, type HistoryCommit, historyCommits, historyMirror } from "./git-history.js";
import { applyReferenceChange, type ReferenceChange, referenceEdit } from "./reference-change.js";
import type { RepoTarget } from "./repo-target.js";
import type { RepoTask } from "./repo-task.js";
import { taskSplit } from "./task-split.js";
import { historicalStatement } from "./task-statement.js";
import { isCodePath, isTestPath, testPathMatcher } from "./test-paths.js";
import { passedInEvery, passedInNone, runSummary, runTree, type TreeRunOptions } from "./tree-runs.js";

/** How far to mine a target's history. */
export interface HistoricalBuildOptions extends TreeRunOptions {
  tasks: number;
  /** Try at most this many candidate commits (newest first). */
  attempts: number;
  runs: number;
  progress?: BuildProgress;
}

/** The validated historical tasks of a target and, per fix commit, the tests that passed there every run. */
export interface HistoricalBuild {
  baselines: Record<string, string[]>;
  tasks: RepoTask[];
  /** Every candidate commit tried and not kept, with the reason. */
  dropped: DroppedCandidate[];
}

/** Files a fix's reference change leaves out: documentation, licences, lock files, CI configuration. */
function isIncidental(file: string): boolean {
  return (
    /(^|\/)(readme|license|licence|changelog|history)[^/]*$/i.test(file) ||
    /\.(md|txt)$/i.test(file) ||
    /(^|\/)(package-lock\.json|yarn\.lock|pnpm-lock\.yaml)$/.test(file) ||
    file.startsWith(".github/")
  );
}

/** A commit that changes source and tests, adds or changes tests, and deletes neither (tests by `isTest`, default the usual layouts). */
export function isFixCandidate(commit: HistoryCommit, isTest: (path: string) => boolean = isTestPath): boolean {
  if (/^(revert|merge)\b/i.test(commit.subject)) return false;
  const tests = commit.changes.filter((change) => isTest(change.path));
  const sources = commit.changes.filter((change) => !isTest(change.path) && isCodePath(change.path));
  return (
    tests.some((change) => change.status === "A" || change.status === "M") &&
    !tests.some((change) => change.status === "D") &&
    sources.length > 0 &&
    sources.length <= 6 &&
    !sources.some((change) => change.status === "D")
  );
}

/**
 * Historical fixes (the SWE-bench method): a commit that changes source and tests is a task
 * when the tests it adds or changes fail at its parent with them applied and pass at the
 * commit. Each tree runs `runs` times: FAIL_TO_PASS passed every run at the commit and no
 * run at the parent with the new tests; PASS_TO_PASS passed every run at both. The agent
 * starts at the parent without the new tests; the statement is the subject and the
 * failing tests' names.
 */
export async function buildHistoricalTasks(
  target: RepoTarget,
  options: HistoricalBuildOptions,
): Promise<HistoricalBuild> {
  const report = options.progress ?? (() => {});
  const mirror = await historyMirror(target.bundle, options.cacheDir);
  const isTest = testPathMatcher(target.tests);
  const candidates = (await historyCommits(mirror, target.commit))
    .filter((commit) => isFixCandidate(commit, isTest))
    .slice(0, options.attempts);
  report({ kind: "candidates", source: "historical", count: candidates.length });
  const baselines: Record<string, string[]> = {};
  const tasks: RepoTask[] = [];
  const dropped: DroppedCandidate[] = [];
  const drop = (candidate: string, reason: DroppedCandidate["reason"], detail: string) => {
    const entry: DroppedCandidate = { source: "historical", candidate, reason, detail };
    dropped.push(entry);
    report({ kind: "dropped", ...entry });
  };
  for (const candidate of candidates) {
    if (tasks.length >= options.tasks) break;
    const label = `${candidate.commit.slice(0, 7)} ${candidate.subject.slice(0, 60)}`;
    try {
      const task = await historicalTask(target, mirror, candidate, isTest, options, (reason, detail) =>
        drop(label, reason, detail),
      );
      if (!task) continue;
      baselines[candidate.commit] = task.baseline;
      tasks.push(task.task);
      report({
        kind: "kept",
        source: "historical",
        candidate: label,
        taskId: task.task.id,
        failToPass: task.task.failToPass.length,
        passToPass: task.baseline.length - task.task.failToPass.length - task.task.passToPassExcluded.length,
      });
    } catch (error) {
      if (!(error instanceof EnvriggerError)) throw error;
      drop(label, "build-error", error.message.slice(0, 300));
    }
  }
  return { baselines, tasks, dropped };
}

/** One candidate commit validated: the task and its baseline, or `null` (after saying why through `drop`). */
async function historicalTask(
  target: RepoTarget,
  mirror: string,
  candidate: HistoryCommit,
  isTest: (path: string) => boolean,
  options: HistoricalBuildOptions,
  drop: (reason: DroppedCandidate["reason"], detail: string) => void,
): Promise<{ task: RepoTask; baseline: string[] } | null> {
  const flakyByName = (id: string) => target.flakyTests.some((part) => id.includes(part));
  const testFiles = new Map<string, string>();
  for (const change of candidate.changes.filter((each) => isTest(each.path))) {
    const text = await fileAt(mirror, candidate.commit, change.path);
    if (text !== undefined) testFiles.set(change.path, text);
  }
  const fixed = { commit: candidate.commit };
  const withTests = {
    commit: candidate.parent,
    key: `tests-of:${candidate.commit}`,
    prepare: async (dir: string) => {
      for (const [file, text] of testFiles) {
        await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
        await writeFile(path.join(dir, file), text);
      }
    },
  };
  const fixedFirst = await runTree(target, fixed, 1, options);
  const passingFirst = passedInEvery(fixedFirst);
  if (passingFirst.size === 0) {
    const reported = Object.keys(fixedFirst[0]?.tests ?? {}).length;
    const stopped = fixedFirst[0] !== undefined && fixedFirst[0].stop !== "exited";
    drop(
      stopped ? "stopped-by-limit" : reported === 0 ? "zero-tests" : "test-command-failing",
      `at the fix commit: ${runSummary(fixedFirst[0])}`,
    );
    return null;
  }
  const brokenFirst = passedInNone(await runTree(target, withTests, 1, options), passingFirst);
  if (brokenFirst.size === 0) {
    drop("no-failing-test", "the commit's tests already pass at its parent");
    return null;
  }
  const fixedRuns = await runTree(target, fixed, options.runs, options);
  const parentRuns = await runTree(target, withTests, options.runs, options);
  const baseline = [...passedInEvery(fixedRuns)].filter((id) => !flakyByName(id));
  const failToPass = [...passedInNone(parentRuns, baseline)];
  if (failToPass.length === 0) {
    drop("flaky", `the new tests do not fail in every one of ${options.runs} runs at the parent`);
    return null;
  }
  const parentPass = passedInEvery(parentRuns);
  const excluded = baseline.filter((id) => !parentPass.has(id) && !failToPass.includes(id));
  const changes = await referenceChanges(mirror, candidate, isTest);
  if (changes === null) {
    drop("build-error", "the fix cannot be written as edits of source files (a deletion, or no code change)");
    return null;
  }
  const id = `${target.name}:fix-${candidate.commit.slice(0, 7)}`;
  return {
    baseline,
    task: {
      id,
      repo: target.name,
      source: "historical",
      split: taskSplit(id),
      startCommit: candidate.parent,
      startChanges: [],
      referenceCommit: candidate.commit,
      referenceChanges: changes.changes,
      startFileHashes: changes.hashes,
      hiddenTestFiles: [...testFiles.keys()].sort(),
      statement: historicalStatement(target.name, candidate.subject, failToPass),
      failToPass,
      baseline: candidate.commit,
      passToPassExcluded: excluded,
      subject: candidate.subject,
    },
  };
}

/** The fix as Edits of the parent's files (and Writes of files it adds), checked to give the commit's text. */
async function referenceChanges(
  mirror: string,
  candidate: HistoryCommit,
  isTest: (path: string) => boolean,
): Promise<{ changes: ReferenceChange[]; hashes: Record<string, string> } | null> {
  const changes: ReferenceChange[] = [];
  const hashes: Record<string, string> = {};
  for (const change of candidate.changes) {
    if (isTest(change.path) || isIncidental(change.path)) continue;
    if (change.status === "D") return null;
    const before = await fileAt(mirror, candidate.parent, change.path);
    const after = await fileAt(mirror, candidate.commit, change.path);
    if (after === undefined) return null;
    const edit =
      before === undefined
        ? { kind: "write" as const, path: change.path, content: after }
        : referenceEdit(change.path, before, after);
    if (edit === null) continue;
    if (applyReferenceChange(edit, before) !== after) return null;
    if (before !== undefined) hashes[change.path] = fileHash(before);
    changes.push(edit);
  }
  return changes.length > 0 && changes.some((change) => isCodePath(change.path)) ? { changes, hashes } : null;
}
