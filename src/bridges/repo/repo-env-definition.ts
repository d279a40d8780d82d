import { createHash } from "node:crypto";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import type { EnvDefinition } from "../../core/env-definition.js";
import type { JsonObject } from "../../core/json.js";
import type { Split, TaskInfo } from "../../core/task.js";
import { repoCacheDirectory } from "./cache/index.js";
import { RepoEnv } from "./env/repo-env.js";
import { RepoTaskCatalog } from "./env/repo-task-catalog.js";
import { readRepoManifest } from "./manifest/index.js";
import { resolveRepoSpec } from "./repo-spec/resolve-repo-spec.js";
import { manifestTarget } from "./tasks/manifest-target.js";
import { defaultTaskDirectory, readTaskFile, taskFilePath, writeTaskFile } from "./tasks/task-file-store.js";

/** The `repo` env definitions' shared catalogs, by spec (built or read once per process). */
const catalogs = new Map<string, Promise<RepoTaskCatalog>>();

/** The checked-in tasks of the bundled repositories (those with a task file). */
function bundledCatalog(): RepoTaskCatalog {
  const manifest = readRepoManifest();
  const entries = manifest.entries.flatMap((entry) => {
    const file = readTaskFile(taskFilePath(defaultTaskDirectory(), entry.name));
    return file ? [{ file, target: manifestTarget(manifest, entry) }] : [];
  });
  return new RepoTaskCatalog(entries);
}

/**
 * The task catalog of an env spec: `repo` the bundled repositories' checked-in tasks;
 * `repo:<dir or bundle>[?…]` a repository's own tasks, built and validated on first use
 * and kept in the cache (by repository, commit and settings), so later runs read them.
 */
export function repoTaskCatalog(
  spec: string,
  options: { cwd?: string; cacheDir?: string } = {},
): Promise<RepoTaskCatalog> {
  let catalog = catalogs.get(spec);
  if (!catalog) {
    catalog = spec === "repo" ? Promise.resolve(bundledCatalog()) : buildSpecCatalog(spec, options);
    catalog.catch(() => catalogs.delete(spec));
    catalogs.set(spec, catalog);
  }
  return catalog;
}

async function buildSpecCatalog(spec: string, options: { cwd?: string; cacheDir?: string }): Promise<RepoTaskCatalog> {
  const resolved = await resolveRepoSpec(spec, options);
  const key = createHash("sha256").update(JSON.stringify(resolved)).digest("hex").slice(0, 16);
  const directory = path.join(repoCacheDirectory(options.cacheDir), "repo-tasks");
  const file = taskFilePath(directory, `${resolved.target.name}-${key}`);
  let tasks = existsSync(file) ? readTaskFile(file) : null;
  if (!tasks) {
    const { buildTaskFile } = await import("./tasks/build-task-file.js");
    tasks = await buildTaskFile(resolved.target, {
      isolation: "bwrap",
      cacheDir: options.cacheDir,
      historical: { tasks: resolved.historical, attempts: resolved.historical * 4 + 4 },
      injected: { tasks: resolved.injected, attempts: resolved.injected * 3 + 6 },
    });
    mkdirSync(directory, { recursive: true });
    writeTaskFile(file, tasks);
  }
  return new RepoTaskCatalog([{ file: tasks, target: resolved.target }]);
}

/**
 * A `repo` env definition: `repo` (the eleven bundled repositories' validated tasks) or
 * `repo:<dir or bundle>[?test=…&sources=…&dev=…]` (any repository with git history).
 * Options: reward (hidden|public), maxTurns (30), observationBudget (6000), isolation
 * (bwrap|none-explicit), testTimeoutMs (60000).
 */
export function createRepoEnvDefinition(
  spec = "repo",
  options: { cwd?: string; cacheDir?: string } = {},
): EnvDefinition {
  const catalog = () => repoTaskCatalog(spec, options);
  return {
    id: spec,
    description:
      spec === "repo"
        ? "Real repositories: validated bugs (historical fixes and injected mutations) in eleven small JavaScript/TypeScript libraries, worked with Read, Edit, Write, Grep, Glob, Bash (ls, npm test [-- FILE…] under OS isolation) and Submit; graded by hidden FAIL_TO_PASS/PASS_TO_PASS tests."
        : `The repository ${spec.slice("repo:".length)}: its validated bugs (built on first use), worked with the repo tools.`,
    options: {
      reward: "hidden|public (hidden)",
      maxTurns: "30",
      observationBudget: "6000",
      isolation: "bwrap|none-explicit (bwrap)",
      testTimeoutMs: "60000",
    },
    async listTasks(split: Split): Promise<TaskInfo[]> {
      return (await catalog()).taskInfos(split);
    },
    async create(envOptions: JsonObject = {}) {
      return new RepoEnv(await catalog(), envOptions, spec, options.cacheDir);
    },
  };
}

/** The built-in `repo` env definition. */
export const repoEnv: EnvDefinition = createRepoEnvDefinition();
