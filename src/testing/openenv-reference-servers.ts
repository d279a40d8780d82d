import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { packageRoot } from "../core/package-root.js";
import { freeLoopbackPort } from "./free-loopback-port.js";

/** The reference envs of OpenEnv's repository that the tests run against. */
export const OPENENV_REFERENCE_ENVS = ["grid_world_env", "maze_env", "echo_env"] as const;
export type OpenEnvReferenceEnv = (typeof OPENENV_REFERENCE_ENVS)[number];

/** Where OpenEnv's sources and `serve-env.sh` are: `$OPENENV_VENDOR`, else `shared/vendor/openenv` beside the checkout. */
export const openEnvVendorDirectory =
  process.env.OPENENV_VENDOR ?? join(packageRoot(), "..", "shared", "vendor", "openenv");

/** Running reference servers, or why there are none. */
export type OpenEnvReferenceServers =
  | { available: true; urls: Record<OpenEnvReferenceEnv, string>; python: string; stop(): Promise<void> }
  | { available: false; reason: string };

/** Servers `.ci/run` started: `OPENENV_REFERENCE_URLS="grid_world_env=http://…,maze_env=…,echo_env=…"`. */
function startedByCi(): Record<OpenEnvReferenceEnv, string> | null {
  const given = process.env.OPENENV_REFERENCE_URLS;
  if (!given) return null;
  const urls = Object.fromEntries(given.split(",").map((pair) => pair.split("=", 2) as [string, string]));
  return OPENENV_REFERENCE_ENVS.every((name) => typeof urls[name] === "string")
    ? (urls as Record<OpenEnvReferenceEnv, string>)
    : null;
}

async function healthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * OpenEnv's own reference servers (grid_world_env, maze_env, echo_env: OpenEnv's server
 * code at its defaults, one session each except echo's 8) on 127.0.0.1: those `.ci/run`
 * started, else started here with `serve-env.sh` (which builds its Python environment from
 * the machine's package indexes the first time; that can take minutes, hence `waitMs`).
 * Unavailable, with the reason, only when the vendored sources are missing or no Python
 * environment can be built (`serve-env.sh` exit 3).
 */
export async function startOpenEnvReferenceServers(waitMs = 600_000): Promise<OpenEnvReferenceServers> {
  const script = join(openEnvVendorDirectory, "serve-env.sh");
  const python = join(process.env.OPENENV_VENV ?? join(process.env.TMPDIR ?? "/tmp", "openenv-venv"), "bin", "python");
  const given = startedByCi();
  if (given) return { available: true, urls: given, python, stop: async () => undefined };
  if (!existsSync(script))
    return {
      available: false,
      reason: `OpenEnv's reference servers are not at ${openEnvVendorDirectory} (set OPENENV_VENDOR)`,
    };
  const children: ChildProcess[] = [];
  const urls = {} as Record<OpenEnvReferenceEnv, string>;
  const exits = new Map<ChildProcess, number | null>();
  const stop = async () => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
    await sleep(100);
  };
  const start = async (name: OpenEnvReferenceEnv): Promise<string | { unavailable: string }> => {
    const port = await freeLoopbackPort();
    const child = spawn("bash", [script, name, String(port)], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString("utf8")).slice(-2_000);
    });
    child.on("exit", (code) => exits.set(child, code));
    children.push(child);
    const url = `http://127.0.0.1:${port}`;
    const deadline = performance.now() + waitMs;
    while (!(await healthy(url))) {
      if (exits.has(child)) {
        const code = exits.get(child);
        if (code === 3) return { unavailable: `no Python environment for OpenEnv could be built: ${stderr.trim()}` };
        throw new Error(`serve-env.sh ${name} exited with ${code}: ${stderr.trim()}`);
      }
      if (performance.now() > deadline)
        throw new Error(`serve-env.sh ${name} did not answer /health within ${waitMs} ms: ${stderr.trim()}`);
      await sleep(250);
    }
    return url;
  };
  try {
    // The first builds the Python environment when there is none; the others then start together.
    const [first, ...rest] = OPENENV_REFERENCE_ENVS;
    const started = [await start(first)];
    if (typeof started[0] === "string") started.push(...(await Promise.all(rest.map(start))));
    for (const [index, result] of started.entries()) {
      if (typeof result !== "string") {
        await stop();
        return { available: false, reason: result.unavailable };
      }
      urls[OPENENV_REFERENCE_ENVS[index] as OpenEnvReferenceEnv] = result;
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { available: true, urls, python, stop };
}
