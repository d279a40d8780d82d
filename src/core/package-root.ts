import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { EnvriggerError } from "./errors.js";

let cached: string | undefined;

/**
 * The envrigger package folder (the one holding its `package.json`), found by walking up
 * from this module: the same answer whether the code runs from `src/` (development,
 * tests) or from the compiled `dist/` (the CLI, an installed package). Resolve every file
 * the package reads at run time (`data/`, `designer-prompts/`, `package.json`) through it
 * or {@link packageFile}, never by counting `../` from a module.
 */
export function packageRoot(): string {
  if (cached !== undefined) return cached;
  let directory = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(directory, "package.json");
    if (existsSync(manifest) && isEnvriggerManifest(manifest)) {
      cached = directory;
      return directory;
    }
    const parent = dirname(directory);
    if (parent === directory) {
      throw new EnvriggerError("INTERNAL", "cannot find envrigger's package.json above its modules", {
        hint: "reinstall envrigger; its package ships package.json at the top of the package",
      });
    }
    directory = parent;
  }
}

/** A path inside the envrigger package, e.g. `packageFile("data", "toy24", "24.csv")`. */
export function packageFile(...segments: string[]): string {
  return join(packageRoot(), ...segments);
}

function isEnvriggerManifest(path: string): boolean {
  try {
    return (JSON.parse(readFileSync(path, "utf8")) as { name?: unknown }).name === "envrigger";
  } catch {
    return false;
  }
}
