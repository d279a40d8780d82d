import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, realpathSync } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { EnvriggerError } from "../../../core/errors.js";
import { repoCacheDirectory } from "../cache/index.js";

const run = promisify(execFile);

/** Which tree to prepare. */
export interface PrepareCheckoutOptions {
  /** A git bundle or repository (anything `git clone` takes as a local path). */
  bundle: string;
  /** The commit to check out. */
  commit: string;
  /**
   * What `prepare` does, when there is one: part of the cache key (the same bundle, commit
   * and key give the same tree), e.g. `task-17` or `mutation:src/index.js:14:flip-equality`.
   */
  key?: string;
  /** Changes applied once to the fresh tree before it is cached (remove tests, inject a bug, add files). */
  prepare?: (dir: string) => Promise<void>;
}

/** Where prepared trees are kept. */
export interface PrepareCheckoutCacheOptions {
  /** The cache directory (default `repoCacheDirectory()`). */
  cacheDir?: string;
}

const pending = new Map<string, Promise<string>>();

/**
 * The working tree of `commit` in `bundle`, with `prepare` applied, kept in the cache and
 * made once per (bundle, commit, key): the start state workspaces are copied from. It has
 * no `.git`, so an agent working on a copy cannot read the repository's later history (the
 * fix). Made in a private staging directory and renamed into place, so concurrent callers
 * never see half a tree. Never edit the returned directory.
 */
export function prepareCheckout(
  options: PrepareCheckoutOptions,
  cacheOptions: PrepareCheckoutCacheOptions = {},
): Promise<string> {
  const bundle = realpathSync(options.bundle);
  const identity = JSON.stringify([bundle, options.commit, options.key ?? ""]);
  const name = `${path.basename(bundle).replace(/\.bundle$/, "")}-${createHash("sha256").update(identity).digest("hex").slice(0, 20)}`;
  const root = path.join(repoCacheDirectory(cacheOptions.cacheDir), "checkouts");
  const target = path.join(root, name);
  if (existsSync(target)) return Promise.resolve(target);
  let promise = pending.get(target);
  if (!promise) {
    promise = make(bundle, options, root, target).finally(() => pending.delete(target));
    pending.set(target, promise);
  }
  return promise;
}

async function make(bundle: string, options: PrepareCheckoutOptions, root: string, target: string): Promise<string> {
  const staging = path.join(root, `.staging-${process.pid}-${Math.random().toString(36).slice(2)}`);
  await mkdir(root, { recursive: true });
  try {
    try {
      await run("git", ["clone", "--quiet", "--no-checkout", bundle, staging]);
      await run("git", ["-c", "advice.detachedHead=false", "checkout", "--quiet", options.commit], { cwd: staging });
    } catch (error) {
      throw new EnvriggerError(
        "BAD_CONFIG",
        `cannot check out ${options.commit} of ${bundle}: ${(error as { stderr?: string }).stderr?.trim() ?? error}`,
        { cause: error },
      );
    }
    await rm(path.join(staging, ".git"), { recursive: true, force: true });
    await options.prepare?.(staging);
    try {
      await rename(staging, target);
    } catch (error) {
      // Another caller made the same tree first.
      if (!existsSync(target)) throw error;
    }
    return target;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
