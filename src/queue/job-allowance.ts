import { existsSync, realpathSync } from "node:fs";
import { isAbsolute, relative, resolve } from "node:path";
import { listEnvs } from "../bridges/env-registry.js";
import { EnvriggerError } from "../core/errors.js";
import type { HarnessStackSpec } from "../harness/harness-stack-spec.js";
import type { RolloutJob } from "./rollout-job.js";

/** What a worker allows a job to name. */
export interface JobAllowance {
  /** `file:` env and policy plugins only from inside this directory (none allowed without it). */
  pluginsDirectory?: string;
  /** `openenv:` URLs only under these prefixes (none allowed by default). */
  allowUrls: string[];
  /** Where relative `file:` paths resolve (the worker's working directory). */
  cwd: string;
}

function refuse(message: string, hint?: string): never {
  throw new EnvriggerError("JOB_REFUSED", message, hint ? { hint } : {});
}

/** Every env spec a stack names: its base and the bases of its chained parts. */
export function envSpecsOf(stack: HarnessStackSpec): string[] {
  return [stack.base.env, ...stack.layers.flatMap((layer) => (layer.kind === "chain" ? envSpecsOf(layer.other) : []))];
}

function checkPlugin(what: string, path: string, allowance: JobAllowance): void {
  if (!allowance.pluginsDirectory)
    refuse(
      `${what} file:${path} is a plugin, and this worker allows none`,
      "start the worker with --plugins-dir <directory holding the plugin>",
    );
  const file = resolve(allowance.cwd, path);
  if (!existsSync(file))
    refuse(
      `${what} file:${path} does not exist on this worker (${file})`,
      "plugins must exist at the same path on every worker host",
    );
  const directory = realpathSync(allowance.pluginsDirectory);
  const inside = relative(directory, realpathSync(file));
  if (inside === "" || inside.startsWith("..") || isAbsolute(inside))
    refuse(`${what} file:${path} lies outside the worker's --plugins-dir ${allowance.pluginsDirectory}`);
}

/** A URL's comparable parts (ws ≡ http, wss ≡ https), or null when it is not a URL. */
function urlParts(text: string): { origin: string; path: string } | null {
  try {
    const url = new URL(text);
    const protocol = url.protocol === "ws:" ? "http:" : url.protocol === "wss:" ? "https:" : url.protocol;
    return { origin: `${protocol}//${url.host}`, path: url.pathname };
  } catch {
    return null;
  }
}

/** True when `url` lies under one of the prefixes (same scheme, host and port; path under the prefix's). */
export function urlAllowed(url: string, prefixes: string[]): boolean {
  const target = urlParts(url);
  if (!target) return false;
  return prefixes.some((prefix) => {
    const allowed = urlParts(prefix);
    if (!allowed || allowed.origin !== target.origin) return false;
    const base = allowed.path.endsWith("/") ? allowed.path : `${allowed.path}/`;
    return allowed.path === "/" || target.path === allowed.path || target.path.startsWith(base);
  });
}

function checkEnv(spec: string, allowance: JobAllowance): void {
  if (spec.startsWith("file:")) return checkPlugin("env", spec.slice("file:".length), allowance);
  if (spec.startsWith("openenv:")) {
    const url = spec.slice("openenv:".length);
    if (!urlAllowed(url, allowance.allowUrls))
      refuse(
        `env ${spec}: the URL is not allowed on this worker`,
        "start the worker with --allow-url <prefix> to allow it",
      );
    return;
  }
  if (!listEnvs().some((env) => env.id === spec))
    refuse(
      `unknown env "${spec}"`,
      `built-in envs: ${listEnvs()
        .map((env) => env.id)
        .join(", ")}`,
    );
}

function checkPolicy(spec: string, allowance: JobAllowance): void {
  if (spec.startsWith("file:")) return checkPlugin("policy", spec.slice("file:".length), allowance);
  if (spec.startsWith("learned:") && !/^learned:sha256:[0-9a-f]{64}$/.test(spec)) {
    refuse(
      `policy ${spec}: learned weights travel by content hash (learned:sha256:<hash>), never as a path on the worker`,
    );
  }
}

/**
 * Refuse (`JOB_REFUSED`) a job that names something this worker does not allow: a `file:`
 * plugin outside `--plugins-dir` (or any when none is given), an `openenv:` URL not under an
 * `--allow-url` prefix, an unknown built-in env, a `learned:` path. Built-in envs, built-in
 * and LLM policies (the worker's own keys) and `learned:sha256:` artifacts are allowed.
 */
export function checkJobAllowed(job: RolloutJob, allowance: JobAllowance): void {
  for (const env of envSpecsOf(job.stack)) checkEnv(env, allowance);
  checkPolicy(job.policy, allowance);
}
