export { discoverTestFiles } from "./discover-test-files.js";
export { parseJestJson } from "./parse-jest-json.js";
export { parseTap } from "./parse-tap.js";
export { type RepoTestRun, type RunRepoTestsOptions, runRepoTests } from "./run-repo-tests.js";
export { assignTestIds } from "./test-ids.js";
export {
  type TestAdapter,
  type TestRecord,
  type TestResult,
  type TestStatus,
  testAdapterSchema,
  testRecordSchema,
  testStatusSchema,
} from "./test-result.js";
