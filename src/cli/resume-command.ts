import { existsSync } from "node:fs";
import { isAbsolute, relative, sep } from "node:path";
import { packageRoot } from "../core/package-root.js";
import { runPaths } from "../run-format/run-paths.js";

/**
 * The command to type to run envrigger from `cwd`: `envrigger` where the package is
 * installed (it lives under a `node_modules/`, so its bin is linked onto the PATH of npm
 * scripts, `npx` and global installs), and the launcher's path in a checkout, where
 * nothing links it (`./bin/envrigger.js`).
 */
export function envriggerCommand(cwd: string, root = packageRoot()): string {
  if (root.split(sep).includes("node_modules")) return "envrigger";
  const launcher = relative(cwd, `${root}${sep}bin${sep}envrigger.js`);
  return launcher.startsWith("..") || isAbsolute(launcher)
    ? `${root}${sep}bin${sep}envrigger.js`
    : `.${sep}${launcher}`;
}

/** A path as typed from `cwd`: relative when inside it, absolute otherwise. */
export function pathFrom(cwd: string, path: string): string {
  const relativePath = relative(cwd, path);
  return relativePath === "" || relativePath.startsWith("..") || isAbsolute(relativePath) ? path : relativePath;
}

/** The command that continues the run in `runDirectory`, as typed from `cwd`, e.g. `envrigger curriculum --resume runs/<id>`. */
export function resumeCommand(runDirectory: string, cwd: string, root = packageRoot()): string {
  return `${envriggerCommand(cwd, root)} curriculum --resume ${pathFrom(cwd, runDirectory)}`;
}

/** What became of a run stopped by a signal, and the command that continues it. */
export function interruptedRunMessage(runDirectory: string, cwd: string, root = packageRoot()): string {
  if (!existsSync(runPaths(runDirectory).config)) return "the run stopped before it wrote anything";
  return `the run stopped with its checkpoints kept; continue it with\n  ${resumeCommand(runDirectory, cwd, root)}`;
}
