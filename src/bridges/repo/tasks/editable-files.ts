import type { RepoTarget } from "./repo-target.js";
import type { RepoTask } from "./repo-task.js";

/**
 * The files a task opens to editing: the target's source files and every file its
 * reference change touches (a historical fix may change a file that is no longer a source
 * at the pinned commit, or add one). Hidden grading carries the agent's version of these
 * files only; every other file — tests wherever they are, fixtures, configuration, files
 * the agent created — is the reference tree's.
 */
export function editableFiles(target: RepoTarget, task: RepoTask): Set<string> {
  return new Set([...target.sourceFiles, ...task.referenceChanges.map((change) => change.path)]);
}
