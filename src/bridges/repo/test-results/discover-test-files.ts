import { readdirSync } from "node:fs";
import path from "node:path";

const SCRIPT = /\.(c|m)?[jt]sx?$/;
const TEST_DIRECTORY = /^(test|tests|__tests__|spec)$/;
const TEST_NAME = /[.-](test|spec)\.(c|m)?[jt]sx?$/;

/**
 * The test files of a tree by the common conventions, for a runner whose output says
 * nothing per test: scripts directly in a `test/`, `tests/`, `__tests__/` or `spec/`
 * directory, and `*.test.*` / `*.spec.*` scripts anywhere; `node_modules` and dot
 * directories are left out. Relative, sorted.
 */
export function discoverTestFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (relative: string, inTestDirectory: boolean) => {
    for (const dirent of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      if (dirent.name.startsWith(".") || dirent.name === "node_modules") continue;
      const child = relative ? `${relative}/${dirent.name}` : dirent.name;
      if (dirent.isDirectory()) walk(child, TEST_DIRECTORY.test(dirent.name));
      else if (dirent.isFile() && SCRIPT.test(dirent.name) && (inTestDirectory || TEST_NAME.test(dirent.name)))
        found.push(child);
    }
  };
  walk("", false);
  return found.sort();
}
