import { homedir } from "node:os";
import path from "node:path";

/**
 * Where repository dependencies and prepared checkouts are kept across runs:
 * `ENVRIGGER_CACHE_DIR` when set, else `$XDG_CACHE_HOME/envrigger`, else `~/.cache/envrigger`.
 */
export function repoCacheDirectory(override?: string): string {
  if (override) return path.resolve(override);
  if (process.env.ENVRIGGER_CACHE_DIR) return path.resolve(process.env.ENVRIGGER_CACHE_DIR);
  const base = process.env.XDG_CACHE_HOME || path.join(homedir(), ".cache");
  return path.join(base, "envrigger");
}
