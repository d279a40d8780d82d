import { accessSync, constants } from "node:fs";
import { EnvriggerError } from "../../core/errors.js";

/** Where Debian/Ubuntu put Chromium; `ENVRIGGER_CHROMIUM` overrides it. */
export const DEFAULT_CHROMIUM_PATH = "/usr/bin/chromium";

/** How to get a browser, shown whenever none is found. */
export const CHROMIUM_INSTALL_HINT =
  "install Debian's Chromium (`sudo apt-get install chromium`) or point ENVRIGGER_CHROMIUM at a Chromium/Chrome executable; envrigger never downloads a browser";

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The Chromium executable the `miniwob` env drives: `ENVRIGGER_CHROMIUM` when set, else
 * `/usr/bin/chromium`; `null` when that file is missing or not executable.
 */
export function findChromium(environment: NodeJS.ProcessEnv = process.env): string | null {
  const path = environment.ENVRIGGER_CHROMIUM?.trim() || DEFAULT_CHROMIUM_PATH;
  return executable(path) ? path : null;
}

/** {@link findChromium}, or a `BROWSER_UNAVAILABLE` error that says how to install one. */
export function requireChromium(environment: NodeJS.ProcessEnv = process.env): string {
  const path = findChromium(environment);
  if (path !== null) return path;
  const looked = environment.ENVRIGGER_CHROMIUM?.trim() || DEFAULT_CHROMIUM_PATH;
  throw new EnvriggerError(
    "BROWSER_UNAVAILABLE",
    `the miniwob env needs Chromium, and ${looked} is not an executable file`,
    { hint: CHROMIUM_INSTALL_HINT },
  );
}
