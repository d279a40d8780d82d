import { benchBugfix } from "./bugfix-throughput.js";
import { benchToy24Raw } from "./toy24-step.js";

/**
 * `npm run bench [-- --json]`: every figure measured in this one run, printed as one JSON
 * object (`--json`) or as a table. See bench/README.md for what each figure means.
 */
const json = process.argv.includes("--json");
const log = (text: string) => {
  if (!json) process.stderr.write(`${text}\n`);
};
const figures: Record<string, unknown> = { date: new Date().toISOString(), node: process.version };
log("BugFix throughput …");
Object.assign(figures, await benchBugfix());
log("Toy24 raw steps …");
Object.assign(figures, await benchToy24Raw());
if (json) {
  process.stdout.write(`${JSON.stringify(figures)}\n`);
} else {
  for (const [key, value] of Object.entries(figures)) process.stdout.write(`${key.padEnd(44)} ${typeof value === "object" ? JSON.stringify(value) : value}\n`);
}
