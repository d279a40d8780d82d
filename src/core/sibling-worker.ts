import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { isCompiled } from "./sibling-module.js";

/**
 * Start the module `relative` (written without extension) next to the module at
 * `moduleUrl` (pass `import.meta.url`) in a worker thread: the compiled `.js` when the
 * caller runs from `dist/`; from `src/` (development and tests) the `.ts` source, with
 * tsx's loader registered in the worker first (a worker's own `--import` does not reach
 * its entry). The worker inherits the process's flags (`--no-node-snapshot`).
 */
export function startSiblingWorker(moduleUrl: string, relative: string, workerData: unknown): Worker {
  if (isCompiled(moduleUrl)) return new Worker(fileURLToPath(new URL(`${relative}.js`, moduleUrl)), { workerData });
  const loader = createRequire(moduleUrl).resolve("tsx");
  const api = pathToFileURL(join(dirname(loader), "esm", "api", "index.mjs")).href;
  const entry = new URL(`${relative}.ts`, moduleUrl).href;
  const code = `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(code, { eval: true, workerData });
}
