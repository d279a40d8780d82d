import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

let built = false;

/**
 * Bring `dist/` up to date with the sources (an incremental `tsc -p tsconfig.build.json`,
 * seconds when nothing changed), once per bench run: the sections that time the CLI or the
 * curriculum measure the compiled package, as users run it.
 */
export function ensureBuilt(): void {
  if (built) return;
  const root = fileURLToPath(new URL("..", import.meta.url));
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  const result = spawnSync(process.execPath, [tsc, "-p", "tsconfig.build.json"], {
    cwd: root,
    encoding: "utf8",
    timeout: 600_000,
  });
  if (result.status !== 0) throw new Error(`the build failed (${result.status}): ${result.stdout}${result.stderr}`);
  built = true;
}
