// A vitest reporter for CI, appending to the file VITEST_PROGRESS_FILE names one line per event,
// "<unix seconds> <event> <file> [passed failed]": `queued` for every file of the run when it
// starts, `start` when a file starts, `end` with its counts when it ends (a file that failed
// without a failed test, e.g. on import, counts one failed). .ci/stall-watch reads it to tell
// which file a stalled run is in (the default reporter prints a file only when it has ended),
// and .ci/run to run again the files a stopped run never ended, and to count them.
import { appendFileSync } from "node:fs";
import { relative } from "node:path";

const progressFile = process.env.VITEST_PROGRESS_FILE;

function record(event, moduleId, counts = "") {
  if (!progressFile) return;
  const file = relative(process.cwd(), moduleId);
  appendFileSync(progressFile, `${Math.floor(Date.now() / 1000)} ${event} ${file}${counts}\n`);
}

export default class ProgressReporter {
  onTestRunStart(specifications) {
    for (const specification of specifications) record("queued", specification.moduleId);
  }

  onTestModuleStart(testModule) {
    record("start", testModule.moduleId);
  }

  onTestModuleEnd(testModule) {
    let passed = 0;
    let failed = 0;
    for (const test of testModule.children.allTests()) {
      const { state } = test.result();
      if (state === "passed") passed += 1;
      else if (state === "failed") failed += 1;
    }
    if (failed === 0 && testModule.state() === "failed") failed = 1;
    record("end", testModule.moduleId, ` ${passed} ${failed}`);
  }
}
