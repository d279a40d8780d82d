import { lstatSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Whether `relative` under `root` can be written without following a link out of the workspace. */
function writablePath(root: string, relative: string): boolean {
  let current = root;
  for (const segment of relative.split("/")) {
    current = path.join(current, segment);
    try {
      const stats = lstatSync(current);
      if (stats.isSymbolicLink()) return false;
    } catch {
      return true; // Nothing there yet: the rest is created fresh.
    }
  }
  return true;
}

/**
 * Write the agent's files that differ from the start tree into a freshly reset workspace
 * directory. A path through a symbolic link (`node_modules` points into the shared
 * dependency cache; a planted link could point anywhere) is never written: it is returned
 * as refused. `keep` decides which changed paths are written (the verdict leaves test
 * files out).
 */
export function writeChangedFiles(
  root: string,
  start: Readonly<Record<string, string>>,
  files: Readonly<Record<string, string>>,
  keep: (file: string) => boolean = () => true,
): { written: string[]; refused: string[] } {
  const written: string[] = [];
  const refused: string[] = [];
  for (const [file, content] of Object.entries(files)) {
    if (start[file] === content || !keep(file)) continue;
    if (!writablePath(root, file)) {
      refused.push(file);
      continue;
    }
    const absolute = path.join(root, file);
    mkdirSync(path.dirname(absolute), { recursive: true, mode: 0o777 });
    writeFileSync(absolute, content);
    written.push(file);
  }
  return { written, refused };
}

/**
 * Write and remove files of a freshly reset workspace directory (the hidden verdict's
 * tree, see `hiddenTreeChanges`), never through a symbolic link; returns what it refused.
 */
export function applyTreeChanges(
  root: string,
  changes: { write: Readonly<Record<string, string>>; remove: readonly string[] },
): { refused: string[] } {
  const refused: string[] = [];
  for (const file of changes.remove) {
    if (writablePath(root, file)) rmSync(path.join(root, file), { force: true });
    else refused.push(file);
  }
  const start: Record<string, string> = {};
  refused.push(...writeChangedFiles(root, start, changes.write).refused);
  return { refused };
}

/** The paths whose content differs from the start tree (changed or created), sorted. */
export function changedPaths(
  start: Readonly<Record<string, string>>,
  files: Readonly<Record<string, string>>,
): string[] {
  return Object.keys(files)
    .filter((file) => start[file] !== files[file])
    .sort();
}
