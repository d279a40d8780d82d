import type { RepoTarget } from "../tasks/repo-target.js";
import type { RepoTask } from "../tasks/repo-task.js";
import { editableFiles } from "../tasks/editable-files.js";
import { runRepoTests, type RepoTestRun } from "../test-results/index.js";
import type { Workspace } from "../workspace/index.js";
import { checkoutTextFiles, referenceCheckout } from "./episode-trees.js";
import type { RepoEpisodeState } from "./repo-episode-state.js";
import type { RepoOptions } from "./repo-options.js";
import { hiddenTreeChanges } from "./hidden-tree.js";
import { applyTreeChanges, writeChangedFiles } from "./sync-workspace.js";
import { runCounts } from "./test-report.js";

/** The live parts of a repo episode that are not JSON: its task and workspace. */
export interface RepoEpisodeContext {
  task: RepoTask;
  target: RepoTarget;
  hidden: string[];
  start: Record<string, string>;
  workspace: Workspace;
  checkout: string;
}

/** How an episode's test runs are made: the env's isolation and time limit, and the dependency cache. */
export interface RepoTestSettings {
  options: Pick<RepoOptions, "isolation" | "testTimeoutMs">;
  cacheDir?: string;
}

/** The grade of an ended episode. */
export interface RepoGrade {
  publicPass: boolean;
  publicFrac: number;
  hiddenPass: boolean;
  hiddenFrac: number;
  hiddenStop: string;
}

function runTests(context: RepoEpisodeContext, settings: RepoTestSettings, files?: string[]): Promise<RepoTestRun> {
  return runRepoTests({
    workspace: context.workspace.dir,
    testCommand: context.target.testCommand,
    files,
    isolation: settings.options.isolation,
    limits: { wallMs: settings.options.testTimeoutMs },
    cacheDir: settings.cacheDir,
    tests: context.target.tests,
  });
}

/** The visible suite (or some of its files) on the agent's tree as it is. */
export async function runVisibleTests(
  context: RepoEpisodeContext,
  settings: RepoTestSettings,
  state: RepoEpisodeState,
  files?: string[],
): Promise<RepoTestRun> {
  await context.workspace.reset();
  writeChangedFiles(context.workspace.dir, context.start, state.files);
  return runTests(context, settings, files);
}

/**
 * The hidden tests: a fresh run on the reference tree with the agent's version of the
 * task's editable files laid over it (`hiddenTreeChanges`); whatever the agent did to any
 * other file, tests included, does not reach the verdict.
 */
async function runHiddenTests(
  context: RepoEpisodeContext,
  settings: RepoTestSettings,
  state: RepoEpisodeState,
): Promise<RepoTestRun> {
  const reference = checkoutTextFiles(await referenceCheckout(context.target, context.task, settings.cacheDir));
  await context.workspace.reset();
  const editable = editableFiles(context.target, context.task);
  applyTreeChanges(context.workspace.dir, hiddenTreeChanges(context.start, reference, state.files, editable));
  return runTests(context, settings);
}

/**
 * Grade the agent's tree: the visible suite as it is (reusing the last full run when
 * nothing changed since), then the hidden tests run fresh.
 */
export async function gradeRepoEpisode(
  context: RepoEpisodeContext,
  settings: RepoTestSettings,
  state: RepoEpisodeState,
): Promise<RepoGrade> {
  let visible = state.lastFullRun?.version === state.version ? state.lastFullRun : null;
  if (!visible) visible = { version: state.version, ...runCounts(await runVisibleTests(context, settings, state)) };
  const publicTotal = visible.passed + visible.failed;
  const hiddenRun = await runHiddenTests(context, settings, state);
  const status = new Map(hiddenRun.tests.map((test) => [test.id, test.status]));
  const passing = context.hidden.filter((id) => status.get(id) === "pass").length;
  return {
    publicPass: visible.ok,
    publicFrac: publicTotal === 0 ? 0 : visible.passed / publicTotal,
    hiddenPass: hiddenRun.stop === "exited" && passing === context.hidden.length,
    hiddenFrac: context.hidden.length === 0 ? 0 : passing / context.hidden.length,
    hiddenStop: hiddenRun.stop,
  };
}
