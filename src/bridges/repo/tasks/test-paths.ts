/** Path segments and file name shapes that mark a test file (any runner's usual layout). */
const testDirectory = /(^|\/)(test|tests|__tests__|spec)\//;
const testFileName = /\.(test|spec)\.[cm]?[jt]sx?$/;

/**
 * Whether a repository path is a test file: under `test/`, `tests/`, `__tests__/` or
 * `spec/`, or named `*.test.*` / `*.spec.*`. Test files are what a historical fix's hidden
 * tests replace and what the verdict restores, whatever the agent did to them.
 */
export function isTestPath(path: string): boolean {
  return testDirectory.test(path) || testFileName.test(path);
}

/** Whether a path is JavaScript or TypeScript source (the files mutations and fixes touch). */
export function isCodePath(path: string): boolean {
  return /\.[cm]?[jt]sx?$/.test(path) && !path.endsWith(".d.ts") && !/\.min\.js$/.test(path);
}
