import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { EnvriggerError } from "../../../core/errors.js";
import { repoCacheDirectory } from "../cache/index.js";

const run = promisify(execFile);

/** A commit with one parent and the files it changed. */
export interface HistoryCommit {
  commit: string;
  parent: string;
  subject: string;
  /** Each changed path with git's status letter (A, M, D, R…, T). */
  changes: Array<{ status: string; path: string }>;
}

/**
 * A bare clone of `bundle` in the cache (made once, renamed into place), where history is
 * read: `git log` and `git show` do not work on a bundle file itself.
 */
export async function historyMirror(bundle: string, cacheDir?: string): Promise<string> {
  const root = path.join(repoCacheDirectory(cacheDir), "mirrors");
  const target = path.join(root, createHash("sha256").update(path.resolve(bundle)).digest("hex").slice(0, 20));
  if (existsSync(target)) return target;
  await mkdir(root, { recursive: true });
  const staging = `${target}.staging-${process.pid}`;
  try {
    await run("git", ["clone", "--quiet", "--bare", bundle, staging]);
    await rename(staging, target).catch((error) => {
      if (!existsSync(target)) throw error;
    });
  } catch (error) {
    throw new EnvriggerError(
      "BAD_CONFIG",
      `cannot read the history of ${bundle}: ${(error as { stderr?: string }).stderr ?? error}`,
      {
        cause: error,
      },
    );
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return target;
}

/** The commits before and at `head` that have exactly one parent, newest first, with their changed files. */
export async function historyCommits(mirror: string, head: string): Promise<HistoryCommit[]> {
  const { stdout } = await run(
    "git",
    ["log", "--no-merges", "--no-renames", "--format=@@%H %P%x09%s", "--name-status", head],
    { cwd: mirror, maxBuffer: 64 * 1024 ** 2 },
  );
  const commits: HistoryCommit[] = [];
  for (const block of stdout.split("@@").slice(1)) {
    const [header = "", ...lines] = block.split("\n");
    const [hashes = "", subject = ""] = header.split("\t");
    const [commit = "", ...parents] = hashes.trim().split(" ");
    if (parents.length !== 1) continue;
    const changes = lines
      .map((line) => line.split("\t"))
      .filter((parts) => parts.length >= 2)
      .map(([status = "", file = ""]) => ({ status: status.slice(0, 1), path: file }));
    commits.push({ commit, parent: parents[0] as string, subject: subject.trim(), changes });
  }
  return commits;
}

/** A file's text at a commit (`undefined` when it does not exist there). */
export async function fileAt(mirror: string, commit: string, file: string): Promise<string | undefined> {
  try {
    const { stdout } = await run("git", ["show", `${commit}:${file}`], { cwd: mirror, maxBuffer: 64 * 1024 ** 2 });
    return stdout;
  } catch {
    return undefined;
  }
}

/** The full hash of a revision of a repository or bundle's mirror. */
export async function resolveCommit(mirror: string, revision: string): Promise<string> {
  const { stdout } = await run("git", ["rev-parse", `${revision}^{commit}`], { cwd: mirror });
  return stdout.trim();
}
