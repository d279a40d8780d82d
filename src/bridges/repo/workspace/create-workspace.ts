import {
  type BigIntStats,
  chmodSync,
  constants,
  copyFileSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readlinkSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { snapshotTree, type TreeEntry } from "./tree-snapshot.js";
import type { Workspace } from "./workspace.js";

/** What a workspace is made of. */
export interface CreateWorkspaceOptions {
  /** A prepared checkout (see `prepareCheckout`): the start state, never written to. */
  checkout: string;
  /** A `node_modules` directory (see `ensureDependencies`) linked in as `node_modules`. */
  nodeModules?: string;
  /** Where to make the workspace (default: the system's temporary directory). */
  parentDir?: string;
}

/**
 * Directories are open to every user: a sandbox running as root drops to an unprivileged
 * uid that must still create files (a build's output) in the workspace.
 */
const DIRECTORY_MODE = 0o777;

/** How a file was left by the last copy: any write, rename, chmod or replacement changes one of these. */
interface FileMark {
  ino: bigint;
  ctimeNs: bigint;
  size: bigint;
}

/**
 * A fresh workspace copied from `checkout` (copy-on-write clones where the file system has
 * them, else plain copies: never hard links, which an in-place write would turn into an
 * edit of the checkout itself), with `node_modules` a symbolic link to the dependency
 * cache. Reset compares every entry with its start (inode, change time and size of each
 * file; the kernel sets the change time, so no write can hide) and restores only what
 * differs: a reset after a few edits copies a few files.
 */
export async function createWorkspace(options: CreateWorkspaceOptions): Promise<Workspace> {
  const checkout = path.resolve(options.checkout);
  const entries: TreeEntry[] = snapshotTree(checkout);
  if (options.nodeModules)
    entries.push({ kind: "symlink", path: "node_modules", target: path.resolve(options.nodeModules) });
  const dir = await mkdtemp(path.join(options.parentDir ?? tmpdir(), "envrigger-workspace-"));
  chmodSync(dir, DIRECTORY_MODE);
  const marks = new Map<string, FileMark>();
  const expected = new Map(entries.map((entry) => [entry.path, entry]));

  const materialize = (entry: TreeEntry) => {
    const target = path.join(dir, entry.path);
    if (entry.kind === "directory") {
      mkdirSync(target);
      chmodSync(target, DIRECTORY_MODE);
    } else if (entry.kind === "symlink") symlinkSync(entry.target, target);
    else {
      copyFileSync(path.join(checkout, entry.path), target, constants.COPYFILE_FICLONE);
      chmodSync(target, entry.mode);
      marks.set(entry.path, markOf(lstatSync(target, { bigint: true })));
    }
  };
  for (const entry of entries) materialize(entry);

  const reset = async () => {
    const present = new Set<string>();
    // Remove what is not of the start state (or no longer of its kind), note what is.
    const walk = (relative: string) => {
      for (const dirent of readdirSync(path.join(dir, relative), { withFileTypes: true })) {
        const child = relative ? `${relative}/${dirent.name}` : dirent.name;
        const absolute = path.join(dir, child);
        const entry = expected.get(child);
        if (entry && matches(entry, absolute, marks.get(child))) {
          present.add(child);
          if (entry.kind === "directory") walk(child);
        } else rmSync(absolute, { recursive: true, force: true });
      }
    };
    walk("");
    // Recreate what is missing, parents first (the snapshot's order).
    for (const entry of entries) if (!present.has(entry.path)) materialize(entry);
  };

  return {
    dir,
    reset,
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}

function markOf(stats: BigIntStats): FileMark {
  return { ino: stats.ino, ctimeNs: stats.ctimeNs, size: stats.size };
}

/** Whether the entry at `absolute` is still the start state's `entry`. */
function matches(entry: TreeEntry, absolute: string, mark: FileMark | undefined): boolean {
  const stats = lstatSync(absolute, { bigint: true });
  if (entry.kind === "directory") {
    if (!stats.isDirectory()) return false;
    if ((Number(stats.mode) & 0o7777) !== DIRECTORY_MODE) chmodSync(absolute, DIRECTORY_MODE);
    return true;
  }
  if (entry.kind === "symlink") return stats.isSymbolicLink() && readlinkSync(absolute) === entry.target;
  return (
    stats.isFile() &&
    mark !== undefined &&
    stats.ino === mark.ino &&
    stats.ctimeNs === mark.ctimeNs &&
    stats.size === mark.size
  );
}
