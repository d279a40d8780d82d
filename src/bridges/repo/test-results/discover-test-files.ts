import { readdirSync } from "node:fs";
import path from "node:path";
import { isTestPath, testPathMatcher } from "../tasks/test-paths.js";

const SCRIPT = /\.(c|m)?[jt]sx?$/;
const TEST_DIRECTORY = /^(test|tests|__tests__|spec)$/;

/**
 * The test files of a tree, for a runner whose output says nothing per test: with `globs`
 * (the repository's `tests` setting) the files they match; else by the usual layouts —
 * scripts directly in a `test/`, `tests/`, `__tests__/` or `spec/` directory (not their
 * helpers and fixtures further down), and test-named scripts anywhere (`*.test.*`,
 * `*.spec.*`, `*_test.*`, a root `test.js`, `test-*.js`). `node_modules` and dot
 * directories are left out. Relative, sorted.
 */
export function discoverTestFiles(root: string, globs: readonly string[] = []): string[] {
  const matches = testPathMatcher(globs);
  const found: string[] = [];
  const walk = (relative: string, inTestDirectory: boolean) => {
    for (const dirent of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      if (dirent.name.startsWith(".") || dirent.name === "node_modules") continue;
      const child = relative ? `${relative}/${dirent.name}` : dirent.name;
      if (dirent.isDirectory()) walk(child, TEST_DIRECTORY.test(dirent.name));
      else if (!dirent.isFile()) continue;
      else if (
        globs.length > 0 ? matches(child) : SCRIPT.test(dirent.name) && (inTestDirectory || isTestPath(dirent.name))
      )
        found.push(child);
    }
  };
  walk("", false);
  return found.sort();
}
