import { spawn } from "node:child_process";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { startCpuBurners } from "../src/testing/cpu-burners.js";
import { ensureBuilt } from "./ensure-built.js";
import { currentLoad } from "./result-file.js";

/** The check the issue names: every listed task, 3 episodes, seed 4, grouped by task. */
export const MINIWOB_DETERMINISM_ARGUMENTS = [
  "baseline",
  "--env",
  "miniwob",
  "--policy",
  "dom-heuristic",
  "--split",
  "all",
  "--episodes",
  "3",
  "--seed",
  "4",
  "--group-by",
  "task",
  "--json",
];

interface BaselineRun {
  successRate: number;
  meanTurns: number;
  errored: number;
  episodes: number;
  byGroup: Record<string, unknown>;
  seconds: number;
  loadEnd: [number, number, number];
}

const log = (text: string) => process.stderr.write(`  ${text}\n`);

/** One `envrigger baseline` run of the compiled CLI; its `--json` summary and wall time. */
function runBaseline(label: string): Promise<BaselineRun> {
  const bin = fileURLToPath(new URL("../bin/envrigger.js", import.meta.url));
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--no-node-snapshot", bin, ...MINIWOB_DETERMINISM_ARGUMENTS], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      const seconds = (performance.now() - started) / 1000;
      if (code !== 0) {
        reject(new Error(`baseline run ${label} exited ${code}: ${stderr.slice(-1000)}`));
        return;
      }
      const summary = JSON.parse(stdout) as Omit<BaselineRun, "seconds" | "loadEnd">;
      log(
        `${label}: ${summary.episodes} episodes in ${seconds.toFixed(0)} s, success ${summary.successRate.toFixed(3)}`,
      );
      resolve({ ...summary, seconds, loadEnd: currentLoad() });
    });
  });
}

/** Tasks whose `byGroup` entry differs between two runs. */
function differingTasks(first: BaselineRun, second: BaselineRun): string[] {
  const tasks = new Set([...Object.keys(first.byGroup), ...Object.keys(second.byGroup)]);
  return [...tasks]
    .filter((task) => JSON.stringify(first.byGroup[task]) !== JSON.stringify(second.byGroup[task]))
    .sort();
}

/**
 * Same seed, same results whatever the load: `envrigger baseline` over every listed MiniWoB++
 * task ({@link MINIWOB_DETERMINISM_ARGUMENTS}) run three times — once alone, then twice side
 * by side while busy processes spin on every core — and the three `byGroup` objects
 * compared exactly. Reports the tasks that differ (none is the target), each run's success
 * rate, errored episodes, wall time and the load averages when it ended.
 */
export async function benchMiniwobDeterminism() {
  ensureBuilt();
  const alone = await runBaseline("alone");
  const loadBeforeBurn = currentLoad();
  const burners = startCpuBurners({ maxMs: 3_600_000 });
  let sideBySide: [BaselineRun, BaselineRun];
  try {
    sideBySide = await Promise.all([runBaseline("side by side 1"), runBaseline("side by side 2")]);
  } finally {
    await burners.stop();
  }
  const runs = { alone, sideBySide1: sideBySide[0], sideBySide2: sideBySide[1] };
  const differing = [
    ...new Set([...differingTasks(alone, sideBySide[0]), ...differingTasks(alone, sideBySide[1])]),
  ].sort();
  const figure = (run: BaselineRun) => ({
    successRate: Number(run.successRate.toFixed(4)),
    meanTurns: Number(run.meanTurns.toFixed(4)),
    episodes: run.episodes,
    errored: run.errored,
    seconds: Math.round(run.seconds),
    loadEnd: run.loadEnd,
  });
  return {
    miniwobDeterminism: {
      command: `envrigger ${MINIWOB_DETERMINISM_ARGUMENTS.join(" ")}`,
      tasks: Object.keys(alone.byGroup).length,
      burners: burners.pids.length,
      loadBeforeSideBySide: loadBeforeBurn,
      identicalByGroup: differing.length === 0,
      differingTasks: differing,
      alone: figure(runs.alone),
      sideBySide1: figure(runs.sideBySide1),
      sideBySide2: figure(runs.sideBySide2),
    },
  };
}
