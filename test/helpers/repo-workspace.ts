import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ensureDependencies } from "../../src/bridges/repo/cache/index.js";
import { readRepoManifest, repoBundlePath, repoManifestEntry } from "../../src/bridges/repo/manifest/index.js";
import type { RepoManifestEntry } from "../../src/bridges/repo/manifest/index.js";
import { createWorkspace, prepareCheckout, type Workspace } from "../../src/bridges/repo/workspace/index.js";

/** The manifest's injected bug: `file:line \`before\` -> \`after\` → N of …`. */
export interface ManifestBug {
  file: string;
  line: number;
  before: string;
  after: string;
  failing: number;
}

/** Read an entry's `injected_bug_check`. */
export function manifestBug(entry: RepoManifestEntry): ManifestBug {
  const match = /^(\S+):(\d+) `(.+?)` -> `(.+?)` \u2192 (\d+) of/.exec(entry.injected_bug_check);
  if (!match) throw new Error(`cannot read the injected bug of ${entry.name}: ${entry.injected_bug_check}`);
  return { file: match[1], line: Number(match[2]), before: match[3], after: match[4], failing: Number(match[5]) };
}

/** Apply `bug` to the tree at `dir` (the line must hold the text it replaces). */
export function applyBug(dir: string, bug: ManifestBug): void {
  const file = path.join(dir, bug.file);
  const lines = readFileSync(file, "utf8").split("\n");
  const index = bug.line - 1;
  if (!lines[index]?.includes(bug.before)) throw new Error(`${bug.file}:${bug.line} does not hold ${bug.before}`);
  lines[index] = lines[index].replace(bug.before, bug.after);
  writeFileSync(file, lines.join("\n"));
}

/** A bundled repository's workspace at its pinned commit, its dependencies from the cache (installed on first use). */
export async function repoWorkspaceForTests(
  name: string,
  options: { withManifestBug?: boolean } = {},
): Promise<{ entry: RepoManifestEntry; workspace: Workspace }> {
  const manifest = readRepoManifest();
  const entry = repoManifestEntry(manifest, name);
  const dependencies = await ensureDependencies(entry.devDependencies);
  const checkout = await prepareCheckout(
    options.withManifestBug
      ? {
          bundle: repoBundlePath(manifest, entry),
          commit: entry.commit,
          key: "manifest-bug",
          prepare: async (dir) => applyBug(dir, manifestBug(entry)),
        }
      : { bundle: repoBundlePath(manifest, entry), commit: entry.commit },
  );
  const workspace = await createWorkspace({ checkout, nodeModules: dependencies.nodeModules });
  return { entry, workspace };
}
