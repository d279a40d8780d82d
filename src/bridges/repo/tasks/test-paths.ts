import { globToRegExp } from "../../bugfix-tools/index.js";

/** Path segments and file name shapes that mark a test file (any runner's usual layout). */
const testDirectory = /(^|\/)(test|tests|__tests__|spec)\//;
const testFileName = /(^|[./_-])(test|spec)(-d)?\.[cm]?[jt]sx?$/;
/** ava's and node's root-level layouts: `test.js`, `test-foo.js`, `foo_test.js` (any directory). */
const testScriptName = /(^|\/)(test|tests|spec)(-[^/]*)?\.[cm]?[jt]sx?$/;

/**
 * Whether a repository path is a test file by the usual layouts: under `test/`, `tests/`,
 * `__tests__/` or `spec/`; named `*.test.*`, `*.spec.*`, `*-test.*`, `*_test.*`, a type test
 * `*.test-d.ts`; or a
 * `test.*` / `test-*.*` script in any directory (ava's and node's root `test.js`).
 */
export function isTestPath(path: string): boolean {
  return testDirectory.test(path) || testFileName.test(path) || testScriptName.test(path);
}

/**
 * The test-file predicate of a repository: its `tests` globs when it gives some (only
 * those), else the usual layouts ({@link isTestPath}).
 */
export function testPathMatcher(globs: readonly string[] = []): (path: string) => boolean {
  if (globs.length === 0) return isTestPath;
  const patterns = globs.map(globToRegExp);
  return (path) => patterns.some((pattern) => pattern.test(path));
}

/** Whether a path is JavaScript or TypeScript source (the files mutations and fixes touch). */
export function isCodePath(path: string): boolean {
  return /\.[cm]?[jt]sx?$/.test(path) && !path.endsWith(".d.ts") && !/\.min\.js$/.test(path);
}

/** Runner and tool configuration (`vitest.config.ts`, `.mocharc.js`, `ava.config.mjs`): never a source to inject bugs into. */
export function isConfigPath(path: string): boolean {
  const name = path.slice(path.lastIndexOf("/") + 1);
  return (
    name.startsWith(".") ||
    /(^|[.-])(config|rc|setup)\.[cm]?[jt]sx?$/.test(name) ||
    /^(gulpfile|gruntfile|rollup|webpack|vite|jest|vitest|ava|karma|babel|eslint|prettier)\b/i.test(name)
  );
}
