import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

/** An `envrigger worker` process a test started, with what it logged so far. */
export interface CliWorkerProcess {
  readonly child: ChildProcess;
  /** Everything it wrote to stderr (its log). */
  log(): string;
  /** Resolves when the log matches `pattern` (rejects after `timeoutMs`). */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** Resolves with the exit code (or signal) when it ends. */
  exited: Promise<number | string>;
}

/**
 * Start `envrigger worker <arguments>` as its own node process (the compiled CLI, or the
 * TypeScript sources through tsx in development) and resolve once it says it is serving.
 * For tests and benches.
 */
export async function spawnCliWorker(
  workerArguments: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; waitUntilServing?: boolean } = {},
): Promise<CliWorkerProcess> {
  // Compiled (dist/…/spawn-cli-worker.js): run the compiled CLI; from source: through tsx.
  const compiled = import.meta.url.endsWith(".js");
  const main = fileURLToPath(new URL(compiled ? "../cli/main.js" : "../cli/main.ts", import.meta.url));
  const loader = compiled ? [] : ["--import", createRequire(import.meta.url).resolve("tsx")];
  const child = spawn(process.execPath, ["--no-node-snapshot", ...loader, main, "worker", ...workerArguments], {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let text = "";
  const watchers = new Set<() => void>();
  child.stderr!.setEncoding("utf8");
  child.stderr!.on("data", (chunk: string) => {
    text += chunk;
    for (const watcher of watchers) watcher();
  });
  const exited = new Promise<number | string>((resolve) =>
    child.on("exit", (code, signal) => resolve(signal ?? code ?? 0)),
  );
  const waitFor = (pattern: RegExp, timeoutMs = 60_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!pattern.test(text)) return;
        watchers.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        watchers.delete(check);
        reject(new Error(`worker log did not match ${pattern} within ${timeoutMs} ms:\n${text}`));
      }, timeoutMs);
      watchers.add(check);
      void exited.then(() => {
        if (!pattern.test(text)) {
          watchers.delete(check);
          clearTimeout(timer);
          reject(new Error(`worker exited before its log matched ${pattern}:\n${text}`));
        }
      });
      check();
    });
  const worker: CliWorkerProcess = { child, log: () => text, waitFor, exited };
  if (options.waitUntilServing !== false) await waitFor(/envrigger worker: serving/);
  return worker;
}
