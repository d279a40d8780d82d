import { ensureDependencies } from "../cache/index.js";
import type { RepoTarget } from "../tasks/repo-target.js";

/** The `node_modules` a target's workspaces link to; none for a repository without devDependencies. */
export async function targetNodeModules(target: RepoTarget, cacheDir?: string): Promise<string | undefined> {
  if (Object.keys(target.devDependencies).length === 0) return undefined;
  return (await ensureDependencies(target.devDependencies, { cacheDir })).nodeModules;
}
