import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { writeFileAtomic } from "../../../core/atomic-write.js";
import { packageFile } from "../../../core/package-root.js";
import { parseJsonText } from "../../../core/validate.js";
import { type RepoTaskFile, repoTaskFileSchema } from "./repo-task.js";

/** Where the bundled repositories' validated tasks are checked in. */
export function defaultTaskDirectory(): string {
  return packageFile("data", "repo-tasks");
}

/** The task file of a repository in `directory`. */
export function taskFilePath(directory: string, repo: string): string {
  return path.join(directory, `${repo}.json`);
}

/** Read a repository's task file; `null` when there is none. */
export function readTaskFile(file: string): RepoTaskFile | null {
  if (!existsSync(file)) return null;
  return parseJsonText(repoTaskFileSchema, readFileSync(file, "utf8"), `repository task file ${file}`, "BAD_CONFIG");
}

/** Write a task file atomically (one task per line group, so a rebuild's diff stays readable). */
export function writeTaskFile(file: string, content: RepoTaskFile): void {
  writeFileAtomic(file, `${JSON.stringify(repoTaskFileSchema.parse(content), null, 1)}\n`);
}
