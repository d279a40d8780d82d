// A vitest reporter for CI: one line when a test file starts and one when it ends, appended to
// the file VITEST_PROGRESS_FILE names, so that .ci/run can tell which file a stalled run is in
// (the default reporter prints a file only when it has finished).
import { appendFileSync } from "node:fs";
import { relative } from "node:path";

const progressFile = process.env.VITEST_PROGRESS_FILE;

function record(what, testModule) {
  if (!progressFile) return;
  const file = relative(process.cwd(), testModule.moduleId);
  appendFileSync(progressFile, `${Math.floor(Date.now() / 1000)} ${what} ${file}\n`);
}

export default class ProgressReporter {
  onTestModuleStart(testModule) {
    record("start", testModule);
  }

  onTestModuleEnd(testModule) {
    record("end", testModule);
  }
}
