import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { EnvriggerError, errorMessage } from "../core/errors.js";
import { isCompiled } from "../core/sibling-module.js";

let typeScriptLoader: Promise<unknown> | undefined;

/**
 * Make `import()` understand TypeScript before a `.ts` plugin is imported. The sources run
 * under tsx or vitest already; the compiled CLI registers tsx's loader here, on the first
 * TypeScript plugin, so commands without one never load it.
 */
async function ensureTypeScriptLoader(path: string): Promise<void> {
  if (!/\.[cm]?tsx?$/.test(path) || !isCompiled(import.meta.url)) return;
  typeScriptLoader ??= import("tsx/esm/api").then((tsx) => tsx.register());
  await typeScriptLoader;
}

/**
 * Import a user's `.ts`/`.js`/`.mjs` module by path (relative to `cwd`) and return its
 * default export. TypeScript modules load through tsx (registered on first use).
 */
export async function loadDefaultExport(path: string, what: string, cwd = process.cwd()): Promise<unknown> {
  if (path.length === 0) throw new EnvriggerError("BAD_ARGUMENT", `${what}: expected file:<path>, got an empty path`);
  const absolute = resolve(cwd, path);
  if (!existsSync(absolute)) {
    throw new EnvriggerError("FILE_NOT_FOUND", `${what} module not found: ${absolute}`, {
      hint: "pass file:<path to a .ts or .js module>",
    });
  }
  let module: { default?: unknown };
  try {
    await ensureTypeScriptLoader(absolute);
    module = (await import(pathToFileURL(absolute).href)) as { default?: unknown };
  } catch (error) {
    throw new EnvriggerError("PLUGIN_LOAD", `could not import ${what} module ${absolute}: ${errorMessage(error)}`, {
      cause: error,
    });
  }
  if (module.default === undefined) {
    throw new EnvriggerError("PLUGIN_SHAPE", `${what} module ${absolute} has no default export`, {
      hint: "export default { ... } — see docs/plugins.md",
    });
  }
  return module.default;
}

/** Throw PLUGIN_SHAPE naming the members of `value` that are missing or of the wrong type. */
export function requireMembers(
  value: unknown,
  members: Record<string, "function" | "string" | "optional-function">,
  what: string,
): void {
  if (typeof value !== "object" || value === null) {
    throw new EnvriggerError(
      "PLUGIN_SHAPE",
      `${what}: the default export must be an object, got ${value === null ? "null" : typeof value}`,
    );
  }
  const record = value as Record<string, unknown>;
  const problems: string[] = [];
  for (const [name, kind] of Object.entries(members)) {
    const actual = typeof record[name];
    if (kind === "optional-function") {
      if (record[name] !== undefined && actual !== "function")
        problems.push(`\`${name}\` must be a function when present (got ${actual})`);
    } else if (actual !== kind) {
      problems.push(
        record[name] === undefined ? `missing \`${name}\` (${kind})` : `\`${name}\` must be a ${kind} (got ${actual})`,
      );
    }
  }
  if (problems.length > 0) throw new EnvriggerError("PLUGIN_SHAPE", `${what}: ${problems.join("; ")}`);
}
