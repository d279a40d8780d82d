import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

/** A module to start in a child process: its file and the node flags it needs. */
export interface SiblingModule {
  /** Absolute path of the module file (`.js` in `dist/`, `.ts` in `src/`). */
  path: string;
  /** Node flags for the child: `--no-node-snapshot` (isolated-vm), plus tsx for `.ts`. */
  execArgv: string[];
}

/** Whether the module at `moduleUrl` is compiled JavaScript (running from `dist/`). */
export function isCompiled(moduleUrl: string): boolean {
  return !/\.[cm]?ts$/.test(new URL(moduleUrl).pathname);
}

/**
 * The module `relative` (written without extension, e.g. `"./curriculum-process-entry"`)
 * next to the module at `moduleUrl` (pass `import.meta.url`), ready to `fork`: compiled
 * JavaScript when the caller runs from `dist/`, so task processes start without a
 * TypeScript loader; the TypeScript source through tsx when the caller runs from `src/`
 * (development and tests).
 */
export function siblingModule(moduleUrl: string, relative: string): SiblingModule {
  if (isCompiled(moduleUrl)) {
    return { path: fileURLToPath(new URL(`${relative}.js`, moduleUrl)), execArgv: ["--no-node-snapshot"] };
  }
  const tsx = createRequire(moduleUrl).resolve("tsx");
  return {
    path: fileURLToPath(new URL(`${relative}.ts`, moduleUrl)),
    execArgv: ["--no-node-snapshot", "--import", tsx],
  };
}
