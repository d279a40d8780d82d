import { execFile } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { EnvriggerError } from "../../../core/errors.js";
import { parseJsonText, parseWith } from "../../../core/validate.js";
import { globToRegExp } from "../../bugfix-tools/index.js";
import { fileAt, historyMirror, resolveCommit } from "../tasks/git-history.js";
import type { RepoTarget } from "../tasks/repo-target.js";
import { isCodePath, isConfigPath, testPathMatcher } from "../tasks/test-paths.js";
import { normaliseRepoSettings, parseRepoSpec, repoSpecSettingsSchema } from "./repo-spec.js";

const run = promisify(execFile);

/** The file at a repository's root that may hold its `repo:` settings. */
export const REPO_SETTINGS_FILE = "envrigger-repo.json";

/** A `repo:` spec resolved: the target and how many tasks of each source to build. */
export interface ResolvedRepoSpec {
  target: RepoTarget;
  historical: number;
  injected: number;
}

/**
 * Resolve `repo:<dir or bundle>[?…]`: read its history (a cached bare clone), take the
 * settings from `envrigger-repo.json` (the working tree's, else the commit's) and the
 * query (which wins), and list the source files matching the globs (default: code files
 * outside the tests and tool configuration). A missing test command is a user error that
 * says how to give one.
 */
export async function resolveRepoSpec(
  spec: string,
  options: { cwd?: string; cacheDir?: string } = {},
): Promise<ResolvedRepoSpec> {
  const { location, settings: query } = parseRepoSpec(spec);
  const absolute = path.resolve(options.cwd ?? process.cwd(), location);
  if (!existsSync(absolute)) throw new EnvriggerError("FILE_NOT_FOUND", `no repository at ${absolute} (from ${spec})`);
  const mirror = await historyMirror(absolute, options.cacheDir);
  // A working directory may have moved on since the mirror was made: fetch its HEAD.
  await run("git", ["fetch", "--quiet", absolute, "+HEAD:refs/heads/envrigger-head"], { cwd: mirror }).catch(
    () => undefined,
  );
  const headCommit = await resolveCommit(mirror, query.commit ?? "envrigger-head").catch(() =>
    resolveCommit(mirror, query.commit ?? "HEAD"),
  );
  // The settings file of the working tree when there is one (committed or not), else the commit's.
  const onDisk = path.join(absolute, REPO_SETTINGS_FILE);
  const fileText =
    statSync(absolute).isDirectory() && existsSync(onDisk)
      ? readFileSync(onDisk, "utf8")
      : await fileAt(mirror, headCommit, REPO_SETTINGS_FILE);
  const fromFile =
    fileText === undefined
      ? {}
      : parseJsonText(repoSpecSettingsSchema, fileText, `${REPO_SETTINGS_FILE} of ${absolute}`);
  const fromQuery = parseWith(repoSpecSettingsSchema, query, `the settings in ${spec}`, "BAD_CONFIG");
  const settings = normaliseRepoSettings({ ...fromFile, ...fromQuery });
  if (!settings.test)
    throw new EnvriggerError("BAD_CONFIG", `no test command for ${spec}`, {
      hint: `add ?test=<command> to the spec (e.g. repo:${location}?test=npm%20test) or a "test" field to ${REPO_SETTINGS_FILE}`,
    });
  const { stdout } = await run("git", ["ls-tree", "-r", "--name-only", headCommit], {
    cwd: mirror,
    maxBuffer: 64 * 1024 ** 2,
  });
  const files = stdout.split("\n").filter(Boolean);
  const patterns = (settings.sources ?? []).map(globToRegExp);
  const isTest = testPathMatcher(settings.tests);
  const sourceFiles = files.filter(
    (file) =>
      !isTest(file) &&
      (patterns.length > 0
        ? patterns.some((pattern) => pattern.test(file))
        : isCodePath(file) && !isConfigPath(file) && !file.includes("node_modules/")),
  );
  if (sourceFiles.length === 0)
    throw new EnvriggerError("BAD_CONFIG", `no source files in ${spec}`, {
      hint: "give ?sources=<glob,…> (e.g. src/**/*.js)",
    });
  return {
    target: {
      name:
        settings.name ??
        path
          .basename(absolute)
          .replace(/\.bundle$/, "")
          .replace(/[^A-Za-z0-9._-]/g, "-"),
      bundle: absolute,
      commit: headCommit,
      testCommand: settings.test,
      sourceFiles,
      devDependencies: settings.dev ?? {},
      tests: settings.tests ?? [],
      flakyTests: [],
    },
    historical: settings.historical ?? 6,
    injected: settings.injected ?? 12,
  };
}
