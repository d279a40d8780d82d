// Prints "<passed> <failed>" from a vitest JSON report (argv[2]); a suite that failed
// before running any test (an import error) counts as one failed test.
const report = JSON.parse(require("node:fs").readFileSync(process.argv[2], "utf8"));
const failedSuites = (report.testResults || []).filter(
  (suite) => suite.status === "failed" && (suite.assertionResults || []).length === 0,
).length;
console.log(report.numPassedTests, report.numFailedTests + failedSuites);
