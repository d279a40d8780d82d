/** Real repositories as environments: tasks mined from history and injected bugs, tests under OS isolation. Code outside this folder imports from here. */
export {
  readRepoManifest,
  repoBundlePath,
  repoManifestEntry,
  type RepoManifest,
  type RepoManifestEntry,
} from "./manifest/index.js";
export { RepoEnv } from "./env/repo-env.js";
export { repoInfoSchema, type RepoInfo } from "./env/repo-info.js";
export { type RepoOptionsInput, repoOptionsSchema } from "./env/repo-options.js";
export { RepoTaskCatalog } from "./env/repo-task-catalog.js";
export { createRepoEnvDefinition, repoEnv, repoTaskCatalog } from "./repo-env-definition.js";
export { REPO_SETTINGS_FILE, resolveRepoSpec } from "./repo-spec/resolve-repo-spec.js";
export {
  type BuildEvent,
  type BuildProgress,
  type DroppedCandidate,
  type DropReason,
  formatBuildEvent,
} from "./tasks/build-event.js";
export { buildTaskFile, type TaskFileBuildOptions } from "./tasks/build-task-file.js";
export { manifestTarget } from "./tasks/manifest-target.js";
export { applyReferenceChange, type ReferenceChange } from "./tasks/reference-change.js";
export { type RepoTarget, repoTargetSchema } from "./tasks/repo-target.js";
export {
  passToPassOf,
  type RepoTask,
  type RepoTaskFile,
  repoTaskFileSchema,
  repoTaskSchema,
} from "./tasks/repo-task.js";
export { defaultTaskDirectory, readTaskFile, taskFilePath, writeTaskFile } from "./tasks/task-file-store.js";
export { isTestPath } from "./tasks/test-paths.js";
export { dropSummary, type SpecTasks, type SpecTasksOptions, specTasks } from "./spec-tasks.js";
