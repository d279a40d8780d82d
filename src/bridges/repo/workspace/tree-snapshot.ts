import { readdirSync, readlinkSync, statSync } from "node:fs";
import path from "node:path";

/** One entry of a directory tree, relative to its root (`/`-separated, never `.`). */
export type TreeEntry =
  | { kind: "directory"; path: string }
  | { kind: "file"; path: string; mode: number }
  | { kind: "symlink"; path: string; target: string };

/**
 * Every directory, file and symbolic link under `root`, parents before children; `skip`
 * names top-level entries left out (a `.git`). Symbolic links are recorded, never followed.
 */
export function snapshotTree(root: string, skip: ReadonlySet<string> = new Set()): TreeEntry[] {
  const entries: TreeEntry[] = [];
  const walk = (relative: string) => {
    for (const dirent of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${dirent.name}` : dirent.name;
      if (!relative && skip.has(dirent.name)) continue;
      const absolute = path.join(root, child);
      if (dirent.isSymbolicLink()) entries.push({ kind: "symlink", path: child, target: readlinkSync(absolute) });
      else if (dirent.isDirectory()) {
        entries.push({ kind: "directory", path: child });
        walk(child);
      } else if (dirent.isFile()) entries.push({ kind: "file", path: child, mode: statSync(absolute).mode & 0o7777 });
    }
  };
  walk("");
  return entries;
}
