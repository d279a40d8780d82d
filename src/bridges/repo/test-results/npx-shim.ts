import { createHash } from "node:crypto";
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { repoCacheDirectory } from "../cache/index.js";

/**
 * The shim's script: `npx NAME …` of a package installed in the workspace runs its bin
 * directly, as npx itself would, without npm's start-up (about half of a small suite's
 * time, measured on dequal); anything else (a flag first, a package not installed) goes to
 * npm's own npx.
 */
function shimSource(realNpx: string): string {
  return `#!/bin/sh
case "$1" in
  -*|"") ;;
  *) if [ -x "./node_modules/.bin/$1" ]; then bin="./node_modules/.bin/$1"; shift; exec "$bin" "$@"; fi ;;
esac
exec ${realNpx} "$@"
`;
}

/** npm's npx, where the sandbox's PATH would find it (next to the running node first). */
function realNpx(): string {
  const candidates = [path.join(path.dirname(process.execPath), "npx"), "/usr/local/bin/npx", "/usr/bin/npx"];
  return candidates.find((candidate) => existsSync(candidate)) ?? "npx";
}

/**
 * A directory holding the `npx` shim, to put first on a suite's PATH: `hooks/npx-<hash>/`
 * in the cache (named by its content), written once, atomically.
 */
export function ensureNpxShim(cacheDir?: string): string {
  const source = shimSource(realNpx());
  const hash = createHash("sha256").update(source).digest("hex").slice(0, 16);
  const hooks = path.join(repoCacheDirectory(cacheDir), "hooks");
  const directory = path.join(hooks, `npx-${hash}`);
  if (existsSync(directory)) return directory;
  const staging = `${directory}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  mkdirSync(staging, { recursive: true, mode: 0o755 });
  writeFileSync(path.join(staging, "npx"), source, { mode: 0o755 });
  try {
    renameSync(staging, directory);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(directory)) throw error;
  }
  return directory;
}
