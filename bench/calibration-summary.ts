import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { aggregate, type CalibrationRecord } from "./calibration.js";
import { currentLoad, writeBenchResult } from "./result-file.js";

/**
 * `node --import tsx bench/calibration-summary.ts <section> <command> <rule>=<commit>:<records.jsonl>[,<records.jsonl>…] …`:
 * the calibration's per-curriculum aggregate (mean and worst over seeds; see `aggregate`) of
 * each rule's records — each rule measured by `npm run bench:calibration` at its own commit —
 * with each record's cost and trust, written to `bench/results/<section>.json`. The runs
 * themselves are the command given; this only reads their record files (the file's date and
 * load are the summary's; each record keeps when it finished, and its wall time).
 */
const [section, command, ...rules] = process.argv.slice(2);
if (!section || !command || rules.length === 0) throw new Error("usage: <section> <command> <rule>=<commit>:<files>");
const started = new Date().toISOString();
const load = currentLoad();
const figures: Record<string, unknown> = {};
let measuredCommit = "";
for (const argument of rules) {
  const [name, rest] = argument.split("=") as [string, string];
  const [commit, files] = rest.split(":") as [string, string];
  if (!/^[0-9a-f]{40}$/.test(commit)) throw new Error(`${name}: give the full commit the records were measured at`);
  measuredCommit ||= commit;
  const records = files
    .split(",")
    .flatMap((file) => readFileSync(file, "utf8").split("\n").filter(Boolean))
    .map((line) => JSON.parse(line) as CalibrationRecord & { at: string });
  const curricula = [...new Set(records.map((record) => record.curriculum))];
  figures[name] = {
    commit,
    curricula: Object.fromEntries(
      curricula.map((curriculum) => [
        curriculum,
        aggregate(records.filter((record) => record.curriculum === curriculum)),
      ]),
    ),
    records: records.map((record) => ({
      curriculum: record.curriculum,
      seed: record.seed,
      at: record.at,
      tasks: record.tasks,
      accepted: record.accepted,
      skipped: record.skipped,
      rejected: record.rejected,
      inBandAfter: record.inBandAfter,
      acceptedTrulyInBand: record.acceptedTrulyInBand,
      rolloutsPerTask: record.rolloutsPerTask,
      worstTaskRollouts: record.worstTaskRollouts,
      wallSeconds: record.wallSeconds,
      outside: record.perTask
        .filter((task) => !task.afterInBand)
        .map((task) => ({ taskId: task.taskId, outcome: task.outcome, rate: task.after.successRate })),
    })),
  };
}
const path = writeBenchResult({
  section,
  command,
  // The first rule's commit (each rule's own is in its figures).
  commit: measuredCommit,
  date: started,
  node: process.version,
  load: { start: load, end: currentLoad(), cores: availableParallelism() },
  figures,
});
process.stdout.write(`${path}\n`);
