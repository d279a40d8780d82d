import { createHash } from "node:crypto";
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { repoCacheDirectory } from "../cache/index.js";
import { TEST_REPORTER_HOOK_SOURCE } from "./test-reporter-hook-source.js";

/**
 * The reporter hook as a file the sandbox can read: `hooks/test-reporter-<hash>.cjs` in the
 * cache (named by its content, so an upgraded hook never meets a stale file), written once.
 */
export function ensureTestReporterHook(cacheDir?: string): string {
  const hash = createHash("sha256").update(TEST_REPORTER_HOOK_SOURCE).digest("hex").slice(0, 16);
  const directory = path.join(repoCacheDirectory(cacheDir), "hooks");
  const file = path.join(directory, `test-reporter-${hash}.cjs`);
  if (existsSync(file)) return file;
  mkdirSync(directory, { recursive: true, mode: 0o755 });
  const staging = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  writeFileSync(staging, TEST_REPORTER_HOOK_SOURCE, { mode: 0o644 });
  renameSync(staging, file);
  return file;
}
