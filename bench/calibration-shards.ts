import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { measureBandHits, runCalibrationOf, type RunCalibration, type TaskCalibration } from "./calibration.js";

/**
 * `node --no-node-snapshot --import tsx bench/calibration-shards.ts <run directory> [K] [shards] [--before] [--exclude a,b] [--before-from file.json]`:
 * the calibration measurement of a (finished or stopped) curriculum run — K fresh rollouts
 * per finished task (see `measureBandHits`) — split over `shards` processes (default 2), for
 * the slow envs (TextWorld) where one process measuring 27 tasks one after the other takes
 * longer than the run. Each shard measures the tasks of a copy of the run's events holding
 * only its tasks; the figures are then computed over all of them, as `measureBandHits` does.
 * `--before-from`: an earlier output of this script (same run seed and K) whose tasks were not
 * accepted — their "after" is the unmodified env's fresh measurement — supplies those tasks'
 * unmodified figures instead of measuring them again (e.g. measured while the run was going).
 * Prints one JSON line.
 */
const valued = new Set(["--exclude", "--before-from"]);
const [runDirectory, kText = "100", shardsText = "2"] = process.argv
  .slice(2)
  .filter((argument, index, all) => !argument.startsWith("--") && !valued.has(all[index - 1] ?? ""));
const before = process.argv.includes("--before");
const excludeIndex = process.argv.indexOf("--exclude");
/** `--exclude a,b`: tasks measured already (an earlier measurement of the same run). */
const excluded = new Set(excludeIndex >= 0 ? (process.argv[excludeIndex + 1] ?? "").split(",") : []);
const beforeFromIndex = process.argv.indexOf("--before-from");
const beforeFrom = beforeFromIndex >= 0 ? process.argv[beforeFromIndex + 1] : undefined;
/** The unmodified env's fresh figures per task from `--before-from` (tasks not accepted there). */
function knownUnmodified(): Map<string, { successRate: number; meanSteps: number }> {
  if (!beforeFrom) return new Map();
  const earlier = JSON.parse(readFileSync(beforeFrom, "utf8")) as { perTask: TaskCalibration[] };
  return new Map(
    earlier.perTask.filter((task) => task.outcome !== "accepted").map((task) => [task.taskId, task.after]),
  );
}

/** Every `shards`-th finished task from `index`, as a run folder of its own (run.json, filtered events). */
function shardFolder(run: string, index: number, shards: number): string {
  const events = readFileSync(join(run, "events.jsonl"), "utf8").split("\n").filter(Boolean);
  const finished = events
    .map((line) => JSON.parse(line) as { event: string; taskId?: string })
    .filter((event) => event.event === "task" && event.taskId)
    .map((event) => event.taskId!)
    .filter((taskId) => !excluded.has(taskId));
  const mine = new Set(finished.filter((_, position) => position % shards === index));
  const folder = mkdtempSync(join(tmpdir(), "envrigger-shard-"));
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, "run.json"), readFileSync(join(run, "run.json")));
  writeFileSync(
    join(folder, "events.jsonl"),
    `${events.filter((line) => mine.has((JSON.parse(line) as { taskId?: string }).taskId ?? "")).join("\n")}\n`,
  );
  return folder;
}

if (process.env.ENVRIGGER_CALIBRATION_SHARD) {
  const measured = await measureBandHits(
    process.env.ENVRIGGER_CALIBRATION_SHARD,
    Number(kText),
    before,
    knownUnmodified(),
  );
  process.stdout.write(`${JSON.stringify(measured.perTask)}\n`);
} else if (runDirectory) {
  const shards = Number(shardsText);
  const started = Date.now();
  const parts = await Promise.all(
    Array.from({ length: shards }, (_, index) => {
      const folder = shardFolder(runDirectory, index, shards);
      return new Promise<TaskCalibration[]>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          [
            ...process.execArgv,
            fileURLToPath(import.meta.url),
            runDirectory,
            kText,
            shardsText,
            ...(before ? ["--before"] : []),
            ...(beforeFrom ? ["--before-from", beforeFrom] : []),
          ],
          {
            env: { ...process.env, ENVRIGGER_CALIBRATION_SHARD: folder },
            stdio: ["ignore", "pipe", "inherit"],
          },
        );
        let output = "";
        child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
        child.on("close", (code) =>
          code === 0
            ? resolve(JSON.parse(output.trim().split("\n").at(-1) ?? "[]") as TaskCalibration[])
            : reject(new Error(`shard ${index} exited ${code}`)),
        );
      });
    }),
  );
  const perTask = parts.flat();
  const figures: RunCalibration & { wallSeconds: number } = {
    ...runCalibrationOf(perTask, before),
    wallSeconds: Math.round((Date.now() - started) / 1000),
  };
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}
