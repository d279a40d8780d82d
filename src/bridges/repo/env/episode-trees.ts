import { readFileSync } from "node:fs";
import path from "node:path";
import { prepareCheckout, snapshotTree } from "../workspace/index.js";
import { applyReferenceChange } from "../tasks/reference-change.js";
import type { RepoTarget } from "../tasks/repo-target.js";
import type { RepoTask } from "../tasks/repo-task.js";
import { writeFile } from "node:fs/promises";

/** Files larger than this are not shown to the agent (bundles, fixtures). */
const MAX_FILE_BYTES = 512 * 1024;

/** The tree an episode of `task` starts from (its start commit with the injected bug), prepared once. */
export function startCheckout(target: RepoTarget, task: RepoTask, cacheDir?: string): Promise<string> {
  if (task.startChanges.length === 0)
    return prepareCheckout({ bundle: target.bundle, commit: task.startCommit }, { cacheDir });
  return prepareCheckout(
    {
      bundle: target.bundle,
      commit: task.startCommit,
      key: `start:${task.id}:${JSON.stringify(task.startChanges).length}`,
      prepare: async (dir) => {
        for (const change of task.startChanges) {
          const file = path.join(dir, change.path);
          const changed = applyReferenceChange(change, readFileSync(file, "utf8"));
          if (changed === null) throw new Error(`the start change of ${task.id} does not apply to ${change.path}`);
          await writeFile(file, changed);
        }
      },
    },
    { cacheDir },
  );
}

/** The tree the hidden tests come from. */
export function referenceCheckout(target: RepoTarget, task: RepoTask, cacheDir?: string): Promise<string> {
  return prepareCheckout({ bundle: target.bundle, commit: task.referenceCommit }, { cacheDir });
}

const textFiles = new Map<string, Record<string, string>>();

/**
 * The text files of a prepared checkout by relative path (binary and very large files
 * left out), read once per checkout: the agent's view of the tree.
 */
export function checkoutTextFiles(checkout: string): Record<string, string> {
  let files = textFiles.get(checkout);
  if (!files) {
    files = {};
    for (const entry of snapshotTree(checkout)) {
      if (entry.kind !== "file") continue;
      const buffer = readFileSync(path.join(checkout, entry.path));
      if (buffer.length > MAX_FILE_BYTES || buffer.includes(0)) continue;
      files[entry.path] = buffer.toString("utf8");
    }
    textFiles.set(checkout, files);
  }
  return files;
}
