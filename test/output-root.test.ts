import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/*
 * Issue 34, item 4: what the commands write goes under the run directory the user chose or
 * one root (`runs/` in the working directory, or `--runs-dir`) — nothing else lands in the
 * working directory. Each command runs as a user starts it: the launcher, from an empty
 * directory (so a writer that used the process's directory would be seen too).
 */

const launcher = join(import.meta.dirname, "..", "bin", "envrigger.js");

/** A started command: its exit, and its output so far. */
function start(cwd: string, argv: readonly string[]) {
  const child = spawn(launcher, [...argv], {
    cwd,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ENVRIGGER_FROM_SOURCE: "1" },
  });
  const output = { stdout: "", stderr: "" };
  child.stdout.on("data", (chunk) => (output.stdout += String(chunk)));
  child.stderr.on("data", (chunk) => (output.stderr += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output, exited };
}

/** Runs a command to its end from `cwd`; its exit code and output. */
async function run(cwd: string, argv: readonly string[]) {
  const started = start(cwd, argv);
  const code = await started.exited;
  return { code, ...started.output };
}

/** A command line's words (the lines here quote nothing). */
const words = (line: string) => line.split(" ");

/** An empty directory of its own (real path: macOS's /tmp is a link). */
const emptyDirectory = (name: string) => realpathSync(mkdtempSync(join(tmpdir(), name)));

/** The run directories under `root` whose run was started (its configuration written). */
const startedRuns = (root: string) =>
  existsSync(root) ? readdirSync(root).filter((name) => existsSync(join(root, name, "run.json"))) : [];

/**
 * `start` (the whole default curriculum) stopped with Ctrl-C once its run directory under
 * `root` is made: exit 130; the new run's id and what it printed.
 */
async function startStopped(cwd: string, argv: readonly string[], root: string) {
  const before = new Set(startedRuns(root));
  const main = start(cwd, argv);
  while (startedRuns(root).every((name) => before.has(name)) && main.child.exitCode === null)
    await new Promise((resolve) => setTimeout(resolve, 200));
  main.child.kill("SIGINT");
  expect(await main.exited, main.output.stderr).toBe(130);
  const [runId] = startedRuns(root).filter((name) => !before.has(name));
  return { runId: runId!, stderr: main.output.stderr };
}

describe("one output root", () => {
  it("--runs-dir: rig, curriculum, start, train and experiment write only there; baseline and measure write nothing", async () => {
    const cwd = emptyDirectory("output-cwd-");
    const root = join(emptyDirectory("output-root-"), "runs");
    const rigged = await run(cwd, [
      ...words("rig --env bugfix --task clamp-0 --policy hasty --json"),
      "--runs-dir",
      root,
    ]);
    expect(rigged.code, rigged.stderr).toBe(0);
    const rig = JSON.parse(rigged.stdout) as { outcome: string; runDirectory: string; candidate: string | null };
    expect(rig.runDirectory.startsWith(`${root}/`)).toBe(true);
    expect(rig.outcome).toBe("accepted");
    expect(rig.candidate!.startsWith(join(rig.runDirectory, "candidates", "bugfix", "clamp-0"))).toBe(true);
    expect(existsSync(rig.candidate!)).toBe(true);

    const small = "--updates 1 --group 2 --tasks-per-update 1 --eval-every 1 --eval-episodes 1";
    const results = await Promise.all([
      run(cwd, [...words("curriculum --env bugfix --policy hasty --task clamp-1 --band 0,1"), "--runs-dir", root]),
      run(cwd, [...words(`train --env bugfix ${small}`), "--runs-dir", root]),
      run(cwd, [...words(`experiment --env bugfix --seeds 1 --arms original ${small}`), "--runs-dir", root]),
      run(cwd, words("baseline --env bugfix --policy hasty --task clamp-0 --episodes 1")),
      run(cwd, [...words("measure --policy hasty --episodes 1 --candidate"), rig.candidate!]),
    ]);
    for (const result of results) expect(result.code, result.stderr).toBe(0);

    // start's run is under the root too, and the line that continues it names it.
    const stopped = await startStopped(cwd, ["start", "--runs-dir", root], root);
    expect(stopped.stderr).toContain(`curriculum --resume ${join(root, stopped.runId)}\n`);

    const made = readdirSync(root);
    expect(made.filter((name) => name.startsWith("bugfix-hasty-"))).toHaveLength(3);
    expect(made.filter((name) => name.startsWith("train-bugfix-"))).toHaveLength(1);
    expect(made.filter((name) => name.startsWith("experiment-bugfix-"))).toHaveLength(1);
    expect(readdirSync(cwd)).toEqual([]);
  }, 600_000);

  it("by default everything goes under runs/ in the working directory, and the resume line names it from there", async () => {
    const cwd = emptyDirectory("output-default-");
    const rig = await run(cwd, words("rig --env bugfix --task clamp-0 --policy hasty --json"));
    expect(rig.code, rig.stderr).toBe(0);
    const { runDirectory, candidate } = JSON.parse(rig.stdout) as { runDirectory: string; candidate: string };
    expect(runDirectory.startsWith(join(cwd, "runs"))).toBe(true);
    expect(candidate.startsWith(join(runDirectory, "candidates"))).toBe(true);

    const stopped = await startStopped(cwd, ["start"], join(cwd, "runs"));
    expect(stopped.stderr).toContain(`curriculum --resume runs/${stopped.runId}\n`);
    expect(readdirSync(cwd)).toEqual(["runs"]);
  }, 300_000);
});
