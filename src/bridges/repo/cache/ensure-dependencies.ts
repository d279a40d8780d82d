import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { EnvriggerError } from "../../../core/errors.js";
import { dependencyKey } from "./dependency-key.js";
import { repoCacheDirectory } from "./repo-cache-directory.js";

const run = promisify(execFile);

/** An installed dependency set. */
export interface CachedDependencies {
  /** The `node_modules` directory to link a workspace to (read-only for everyone but the cache). */
  nodeModules: string;
  /** The dependency set's cache key. */
  key: string;
  /** True when this call installed it (false: it was there, or another caller installed it meanwhile). */
  installed: boolean;
}

/** Where {@link ensureDependencies} keeps its sets. */
export interface DependencyCacheOptions {
  /** The cache directory (default {@link repoCacheDirectory}). */
  cacheDir?: string;
}

const pending = new Map<string, Promise<CachedDependencies>>();

/**
 * The `node_modules` of exactly these devDependencies, installed once per set and reused
 * after: the first call runs `npm install --ignore-scripts` into a private temporary
 * directory and renames it into place (atomic, so a reader never sees half a set and two
 * processes racing both end with the same complete set); later calls only look.
 * A failed install throws `EXTERNAL_INSTALL` with npm's message.
 */
export function ensureDependencies(
  devDependencies: Record<string, string>,
  options: DependencyCacheOptions = {},
): Promise<CachedDependencies> {
  const root = path.join(repoCacheDirectory(options.cacheDir), "dependencies");
  const key = dependencyKey(devDependencies);
  const target = path.join(root, key);
  if (existsSync(target))
    return Promise.resolve({ nodeModules: path.join(target, "node_modules"), key, installed: false });
  const id = `${root}\0${key}`;
  let promise = pending.get(id);
  if (!promise) {
    promise = install(devDependencies, root, key).finally(() => pending.delete(id));
    pending.set(id, promise);
  }
  return promise;
}

async function install(
  devDependencies: Record<string, string>,
  root: string,
  key: string,
): Promise<CachedDependencies> {
  const target = path.join(root, key);
  const staging = path.join(root, `.staging-${key}-${process.pid}-${Math.random().toString(36).slice(2)}`);
  await mkdir(staging, { recursive: true, mode: 0o755 });
  try {
    const manifest = { name: `envrigger-dependencies-${key}`, private: true, devDependencies };
    await writeFile(path.join(staging, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    try {
      await run("npm", ["install", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"], {
        cwd: staging,
        maxBuffer: 16 * 1024 ** 2,
      });
    } catch (error) {
      const stderr = (error as { stderr?: string }).stderr ?? "";
      throw new EnvriggerError(
        "DEPENDENCY_INSTALL",
        `npm could not install ${JSON.stringify(devDependencies)}: ${stderr.trim().slice(-600)}`,
        { cause: error, hint: "check the versions exist on the registry and that the registry is reachable" },
      );
    }
    try {
      await rename(staging, target);
      return { nodeModules: path.join(target, "node_modules"), key, installed: true };
    } catch (error) {
      // Another process finished the same set first: use its copy.
      if (existsSync(target)) return { nodeModules: path.join(target, "node_modules"), key, installed: false };
      throw error;
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
