import { chmodSync, existsSync, lstatSync, mkdirSync, readFileSync, realpathSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import {
  type IsolatedRunResult,
  type IsolatedStop,
  type Isolation,
  type ProcessLimits,
  runIsolated,
  sandboxEnvironment,
} from "../../../sandbox/process/index.js";
import { repoCacheDirectory } from "../cache/index.js";
import { discoverTestFiles } from "./discover-test-files.js";
import { parseJestJson } from "./parse-jest-json.js";
import { parseReporterEvents } from "./parse-reporter-events.js";
import { ensureNpxShim } from "./npx-shim.js";
import { parseTap } from "./parse-tap.js";
import { type ReportingRunner, reportingRunner, withRunnerReport } from "./runner-report.js";
import { shellQuote } from "./shell-quote.js";
import { ensureTestReporterHook } from "./test-reporter-hook.js";
import { assignTestIds } from "./test-ids.js";
import type { TestAdapter, TestRecord, TestResult } from "./test-result.js";

/** One run of a repository's tests. */
export interface RunRepoTestsOptions {
  /** The workspace (absolute): the tests run in it, under isolation. */
  workspace: string;
  /** The suite's shell command (e.g. the manifest's `test_command`). */
  testCommand: string;
  /** Only these test files (relative to the workspace); default: the suite's own selection. */
  files?: string[];
  limits?: Partial<ProcessLimits>;
  /** Environment variables for the suite (on top of a minimal, offline npm environment). */
  env?: Record<string, string>;
  isolation: Isolation;
  /** The cache directory the reporter hook is kept in (default `repoCacheDirectory()`). */
  cacheDir?: string;
  /** Globs of the test files, for a runner that reports nothing per test (default: the usual layouts). */
  tests?: readonly string[];
}

/** What one run of the tests found. */
export interface RepoTestRun {
  /** Every test that reported, in the order they ran; a test missing here did not run (count it as not passed). */
  tests: TestResult[];
  /** Where the per-test results came from; null when nothing reported (the run was stopped first). */
  adapter: TestAdapter | null;
  /** The suite command's exit code (per-file runs: the first failing file's, else 0). */
  exitCode: number | null;
  /** How the run ended: `exited`, or the limit that stopped it. */
  stop: IsolatedStop;
  /** stdout and stderr without terminal colours, what a developer would read. */
  output: string;
  /** Milliseconds the test command itself ran, measured inside the sandbox. */
  runnerMs: number;
  /** Milliseconds of the whole call beyond `runnerMs`: sandbox setup and teardown, reading results. */
  overheadMs: number;
  /** The part of `overheadMs` spent entering and leaving the sandbox (each run's wall time minus its command's). */
  sandboxMs: number;
}

/** The environment every suite gets: npm never reaches for the network, nothing waits for a terminal. */
const SUITE_ENVIRONMENT = {
  CI: "true",
  npm_config_offline: "true",
  npm_config_update_notifier: "false",
  npm_config_fund: "false",
  npm_config_audit: "false",
};

/**
 * Run a repository's tests under isolation and read a result per test: from the runner's
 * own events (uvu, tape, mocha, through a preloaded reporter), from jest's or vitest's JSON
 * report, or from TAP on stdout (ava is asked for it; node:test prints it); a runner none
 * of these reads still gets a result per test file (found by `tests`, default the usual
 * layouts), one isolated run of the command per file (the file appended), judged by the
 * exit code. Tool caches (`CACHE_DIR`, `XDG_CACHE_HOME`) point into a private writable
 * directory of the run. A run
 * that a limit stopped is not run again per file. `npx NAME` of a package installed in the
 * workspace runs its bin directly (a shim first on PATH), without npm's start-up.
 */
export async function runRepoTests(options: RunRepoTestsOptions): Promise<RepoTestRun> {
  const started = performance.now();
  const workspace = path.resolve(options.workspace);
  const hook = ensureTestReporterHook(options.cacheDir);
  const reportDirectory = await mkdtemp(path.join(tmpdir(), "envrigger-test-report-"));
  chmodSync(reportDirectory, 0o777);
  try {
    const eventsFile = path.join(reportDirectory, "events.jsonl");
    const reportFile = path.join(reportDirectory, "report.json");
    const runner = reportingRunner(options.testCommand);
    const command = runner
      ? withRunnerReport(runner, options.testCommand, reportFile, options.files)
      : options.testCommand;
    // Tools write caches (ava, babel and others through find-cache-dir; XDG tools): somewhere writable and private to the run.
    const toolCache = path.join(reportDirectory, "cache");
    mkdirSync(toolCache, { mode: 0o777 });
    chmodSync(toolCache, 0o777);
    const dependencies = linkedDependencies(workspace);
    const readOnlyPaths = [repoCacheDirectory(options.cacheDir), ...dependencies];
    // Tools that write into node_modules/.cache (ava 6 always does): a fresh tmpfs there per run.
    const scratchPaths = dependencies.map((directory) => path.join(directory, ".cache"));
    for (const directory of scratchPaths) mkdirSync(directory, { recursive: true });
    const env = {
      PATH: `${ensureNpxShim(options.cacheDir)}:${sandboxEnvironment({}).PATH}`,
      ...SUITE_ENVIRONMENT,
      ...options.env,
      NODE_OPTIONS: `--require ${hook}${options.env?.NODE_OPTIONS ? ` ${options.env.NODE_OPTIONS}` : ""}`,
      CACHE_DIR: toolCache,
      XDG_CACHE_HOME: toolCache,
      ENVRIGGER_TEST_REPORT: eventsFile,
      ENVRIGGER_TEST_ROOT: workspace,
      ...(options.files ? { ENVRIGGER_TEST_FILES: JSON.stringify(options.files) } : {}),
    };
    const runCommand = (line: string) =>
      runIsolated({
        argv: ["sh", "-c", line],
        workspace,
        isolation: options.isolation,
        limits: options.limits,
        env,
        readOnlyPaths,
        writablePaths: [reportDirectory],
        scratchPaths,
      });
    const run = await runCommand(command);
    const runs: IsolatedRunResult[] = [run];
    let found = readResults(run, runner, reportFile, eventsFile, workspace);
    let stop = run.stop;
    let exitCode = run.exitCode;
    let output = textOf(run);
    if (!found && run.stop === "exited") {
      // A runner nothing here reads: one run per test file.
      const records: TestRecord[] = [];
      exitCode = 0;
      for (const file of options.files ?? discoverTestFiles(workspace, options.tests)) {
        const fileRun = await runCommand(`${options.testCommand} ${shellQuote(file)}`);
        runs.push(fileRun);
        records.push({ file, suite: [], name: "", status: fileRun.exitCode === 0 ? "pass" : "fail" });
        output += `\n== ${file} (exit ${fileRun.exitCode ?? fileRun.signal})\n${textOf(fileRun)}`;
        if (fileRun.exitCode !== 0 && exitCode === 0) exitCode = fileRun.exitCode;
        if (fileRun.stop !== "exited") {
          stop = fileRun.stop;
          break;
        }
      }
      found = { adapter: "per-file", records };
    }
    const runnerMs = runs.reduce((sum, each) => sum + (each.commandMs ?? each.wallMs), 0);
    const sandboxMs = runs.reduce((sum, each) => sum + each.wallMs - (each.commandMs ?? each.wallMs), 0);
    return {
      tests: found ? assignTestIds(found.records) : [],
      adapter: found?.adapter ?? null,
      exitCode,
      stop,
      output,
      runnerMs,
      overheadMs: performance.now() - started - runnerMs,
      sandboxMs,
    };
  } finally {
    await rm(reportDirectory, { recursive: true, force: true });
  }
}

/** The per-test results one run left, by the first source that has any. */
function readResults(
  run: IsolatedRunResult,
  runner: ReportingRunner | null,
  reportFile: string,
  eventsFile: string,
  workspace: string,
): { adapter: TestAdapter; records: TestRecord[] } | null {
  if ((runner === "jest" || runner === "vitest") && existsSync(reportFile)) {
    // vitest's JSON reporter writes jest's format.
    const records = parseJestJson(readFileSync(reportFile, "utf8"), workspace);
    if (records && records.length > 0) return { adapter: runner, records };
  }
  if (existsSync(eventsFile)) {
    const events = parseReporterEvents(readFileSync(eventsFile, "utf8"));
    if (events.length > 0)
      return { adapter: events[0].runner, records: events.map(({ runner: _runner, ...record }) => record) };
  }
  const tap = parseTap(stripVTControlCharacters(run.stdout));
  return tap.length > 0 ? { adapter: runner === "ava" ? "ava" : "tap", records: tap } : null;
}

/** Where the workspace's `node_modules` link points, which the sandbox must see. */
function linkedDependencies(workspace: string): string[] {
  const link = path.join(workspace, "node_modules");
  try {
    return lstatSync(link).isSymbolicLink() ? [realpathSync(link)] : [];
  } catch {
    return [];
  }
}

function textOf(run: IsolatedRunResult): string {
  return stripVTControlCharacters(run.stdout + (run.stderr ? `\n${run.stderr}` : ""));
}
