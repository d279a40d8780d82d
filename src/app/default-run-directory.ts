import { existsSync } from "node:fs";
import { resolve } from "node:path";

/**
 * `<runsDirectory>/<env>-<policy>-<UTC time>` (the runs directory is `runs/` in the working
 * directory unless `--runs-dir` says otherwise), with `-2`, `-3`… when a run started within
 * the same second.
 */
export function defaultRunDirectory(env: string, policy: string, runsDirectory: string): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\..*$/, "").replace("T", "-");
  const base = resolve(
    runsDirectory,
    `${env.replace(/[^A-Za-z0-9]+/g, "_")}-${policy.replace(/[^A-Za-z0-9]+/g, "_")}-${stamp}`,
  );
  let directory = base;
  for (let suffix = 2; existsSync(directory); suffix++) directory = `${base}-${suffix}`;
  return directory;
}
