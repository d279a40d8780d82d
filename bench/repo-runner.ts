import { readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { ensureDependencies } from "../src/bridges/repo/cache/index.js";
import { readRepoManifest, repoBundlePath } from "../src/bridges/repo/manifest/index.js";
import { runRepoTests } from "../src/bridges/repo/test-results/index.js";
import { createWorkspace, prepareCheckout, type Workspace } from "../src/bridges/repo/workspace/index.js";
import { checkIsolation, runIsolated } from "../src/sandbox/process/index.js";
import { applyBug, manifestBug } from "../test/helpers/repo-workspace.js";
import { median } from "./measure.js";

const RESETS = 20;
const TEST_RUNS = 3;
const EPISODES = 3;
const round = (value: number) => Math.round(value * 10) / 10;

/** One repository's figures. */
interface RepoFigures {
  tests: number;
  createMs: number;
  resetMedianMs: number;
  resetMaxMs: number;
  runnerMedianMs: number;
  overheadMedianMs: number;
  sandboxMedianMs: number;
  oracleEpisodeMedianMs: number;
  oracleEpisodesPassed: number;
  /** The tests that failed in an oracle episode (each once). */
  oracleEpisodeFailures: string[];
}

/**
 * The repo runner on every bundled repository: workspace reset after an oracle-sized edit
 * (the reference fix written, a file added, a test file deleted), the test run's overhead
 * over the runner's own time (the command's wall time measured inside the sandbox, apart
 * from entering/leaving the sandbox and reading results), and oracle episodes at the
 * runner level (reset to the manifest's injected bug, write the reference fix, one test
 * run that must pass every test). Dependencies come from the cache (installed on first use,
 * which is not timed).
 */
export async function benchRepoRunner(): Promise<Record<string, unknown>> {
  const availability = await checkIsolation();
  if (!availability.available) {
    process.stderr.write(`  skipped: no OS sandbox (${availability.reason})\n`);
    return {};
  }
  const manifest = readRepoManifest();
  const perRepository: Record<string, RepoFigures> = {};
  const floor = await sandboxFloor();
  for (const entry of manifest.entries) {
    const dependencies = await ensureDependencies(entry.devDependencies);
    const bundle = repoBundlePath(manifest, entry);
    const bug = manifestBug(entry);
    const clean = await prepareCheckout({ bundle, commit: entry.commit });
    const buggy = await prepareCheckout({
      bundle,
      commit: entry.commit,
      key: "manifest-bug",
      prepare: async (dir) => applyBug(dir, bug),
    });
    const fixed = readFileSync(path.join(clean, bug.file), "utf8");
    const parentDir = await mkdtemp(path.join(tmpdir(), "envrigger-bench-repo-"));
    const createStarted = performance.now();
    const workspace = await createWorkspace({ checkout: buggy, nodeModules: dependencies.nodeModules, parentDir });
    const createMs = performance.now() - createStarted;
    try {
      const resets = await timeResets(workspace, bug.file, fixed);
      const runs = [];
      const cleanWorkspace = await createWorkspace({
        checkout: clean,
        nodeModules: dependencies.nodeModules,
        parentDir,
      });
      for (let index = 0; index < TEST_RUNS; index++)
        runs.push(
          await runRepoTests({ workspace: cleanWorkspace.dir, testCommand: entry.test_command, isolation: "bwrap" }),
        );
      await cleanWorkspace.dispose();
      const episodes: { ms: number; passed: boolean }[] = [];
      const failures = new Set<string>();
      for (let index = 0; index < EPISODES; index++) {
        const started = performance.now();
        await workspace.reset();
        writeFileSync(path.join(workspace.dir, bug.file), fixed);
        const verdict = await runRepoTests({
          workspace: workspace.dir,
          testCommand: entry.test_command,
          isolation: "bwrap",
        });
        const passed = verdict.tests.length > 0 && verdict.tests.every((test) => test.status !== "fail");
        for (const test of verdict.tests) if (test.status === "fail") failures.add(test.id);
        episodes.push({ ms: performance.now() - started, passed });
      }
      perRepository[entry.name] = {
        tests: runs[0]?.tests.length ?? 0,
        createMs: round(createMs),
        resetMedianMs: round(median(resets)),
        resetMaxMs: round(Math.max(...resets)),
        runnerMedianMs: round(median(runs.map((run) => run.runnerMs))),
        overheadMedianMs: round(median(runs.map((run) => run.overheadMs))),
        sandboxMedianMs: round(median(runs.map((run) => run.sandboxMs))),
        oracleEpisodeMedianMs: round(median(episodes.map((episode) => episode.ms))),
        oracleEpisodesPassed: episodes.filter((episode) => episode.passed).length,
        oracleEpisodeFailures: [...failures],
      };
      process.stderr.write(`  ${entry.name}: ${JSON.stringify(perRepository[entry.name])}\n`);
    } finally {
      await workspace.dispose();
      await rm(parentDir, { recursive: true, force: true });
    }
  }
  const all = Object.values(perRepository);
  const episodeMs = all.reduce((sum, figures) => sum + figures.oracleEpisodeMedianMs, 0);
  return {
    repoRunnerRepositories: all.length,
    repoRunnerResetMedianMs: round(median(all.map((figures) => figures.resetMedianMs))),
    repoRunnerResetMaxMs: round(Math.max(...all.map((figures) => figures.resetMaxMs))),
    repoRunnerOverheadMedianMs: round(median(all.map((figures) => figures.overheadMedianMs))),
    repoRunnerOverheadMaxMs: round(Math.max(...all.map((figures) => figures.overheadMedianMs))),
    repoRunnerSandboxMedianMs: round(median(all.map((figures) => figures.sandboxMedianMs))),
    repoRunnerRunnerMedianMs: round(median(all.map((figures) => figures.runnerMedianMs))),
    repoRunnerSandboxFloor: floor,
    repoRunnerOracleEpisodesPerSecond: round((all.length * 1000) / episodeMs),
    repoRunnerOracleEpisodesPassed: `${all.reduce((sum, figures) => sum + figures.oracleEpisodesPassed, 0)}/${all.length * EPISODES}`,
    repoRunnerPerRepository: perRepository,
  };
}

/** Reset after an oracle-sized edit, `RESETS` times: the fix written, a file added, a test file deleted. */
async function timeResets(workspace: Workspace, file: string, fixed: string): Promise<number[]> {
  const samples: number[] = [];
  const testFile = readdirTestFile(workspace.dir);
  for (let index = 0; index < RESETS; index++) {
    writeFileSync(path.join(workspace.dir, file), fixed);
    writeFileSync(path.join(workspace.dir, "scratch-notes.md"), `attempt ${index}\n`);
    if (testFile) unlinkSync(path.join(workspace.dir, testFile));
    const started = performance.now();
    await workspace.reset();
    samples.push(performance.now() - started);
  }
  return samples;
}

/** A test file of the tree to delete (the first the usual conventions find). */
function readdirTestFile(dir: string): string | undefined {
  for (const candidate of ["test/index.js", "test/index.ts", "tests/fraction.test.js", "src/index.test.ts"])
    try {
      readFileSync(path.join(dir, candidate));
      return candidate;
    } catch {}
  return undefined;
}

/** The sandbox alone: `true` run under bwrap ten times (median wall, the command's own, the difference). */
async function sandboxFloor(): Promise<Record<string, number>> {
  const workspace = await mkdtemp(path.join(tmpdir(), "envrigger-bench-floor-"));
  try {
    const runs = [];
    for (let index = 0; index < 10; index++)
      runs.push(await runIsolated({ argv: ["true"], workspace, isolation: "bwrap" }));
    const wall = median(runs.map((run) => run.wallMs));
    const command = median(runs.map((run) => run.commandMs ?? 0));
    return { wallMs: round(wall), commandMs: round(command), overheadMs: round(wall - command) };
  } finally {
    await rm(workspace, { recursive: true, force: true });
  }
}
