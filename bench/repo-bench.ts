import { rmSync } from "node:fs";
import type { EnvDefinition } from "../src/core/env-definition.js";
import { createRepoEnvDefinition, repoTaskCatalog, type RepoTask } from "../src/bridges/repo/index.js";
import { resolvePolicy } from "../src/policies/policy-registry.js";
import { runEpisode } from "../src/rollout/run-episode.js";
import { makeUnseenRepository } from "./unseen-repository.js";

/** One task's episodes: whether the oracle solved it and whether the unchanged tree passed (null: not run). */
interface TaskRow {
  id: string;
  repo: string;
  source: string;
  oracle: boolean;
  unchanged: boolean | null;
  oracleMs: number;
}

/**
 * The oracle on each task and, with `unchanged`, submit-at-once: a row per task, each also
 * printed on stderr as it ends (a run stopped half-way leaves its rows in the log).
 */
async function taskRows(
  definition: EnvDefinition,
  envId: string,
  tasks: readonly RepoTask[],
  unchanged: boolean,
): Promise<TaskRow[]> {
  const env = await definition.create({});
  const rows: TaskRow[] = [];
  const episode = async (policy: string, taskId: string) =>
    runEpisode(env, (await resolvePolicy(policy, envId)).factory(), { taskId, seed: 0, callTimeoutMs: 300_000 });
  try {
    for (const task of tasks) {
      const started = performance.now();
      const oracle = await episode("oracle", task.id);
      const oracleMs = performance.now() - started;
      const row: TaskRow = {
        id: task.id,
        repo: task.repo,
        source: task.source,
        oracle: oracle.evaluation?.success === true,
        unchanged: unchanged ? (await episode("submit-at-once", task.id)).evaluation?.success === true : null,
        oracleMs,
      };
      rows.push(row);
      process.stderr.write(
        `  ${rows.length}/${tasks.length} ${task.id}: oracle ${row.oracle ? "solved" : "FAILED"} (${(oracleMs / 1000).toFixed(1)} s)` +
          (row.unchanged === null ? "" : `, unchanged ${row.unchanged ? "PASSED" : "failed"}`) +
          "\n",
      );
    }
  } finally {
    await env.close();
  }
  return rows;
}

/** The median wall ms of the rows' oracle episodes. */
function medianOracleMs(rows: readonly TaskRow[]): number {
  return Math.round(rows.map((row) => row.oracleMs).sort((a, b) => a - b)[Math.floor(rows.length / 2)] ?? 0);
}

/** Oracle and submit-at-once on each task: how many the oracle solved and the unchanged tree passed. */
async function oracleAndUnchanged(definition: EnvDefinition, envId: string, tasks: readonly RepoTask[]) {
  const rows = await taskRows(definition, envId, tasks, true);
  const rate = (source: string, key: "oracle" | "unchanged") => {
    const of = rows.filter((row) => row.source === source);
    return of.length === 0 ? null : of.filter((row) => row[key]).length / of.length;
  };
  return {
    episodes: rows.length * 2,
    oracleHistorical: rate("historical", "oracle"),
    oracleInjected: rate("injected", "oracle"),
    unchangedHistorical: rate("historical", "unchanged"),
    unchangedInjected: rate("injected", "unchanged"),
    oracleEpisodeMedianMs: medianOracleMs(rows),
    failures: rows.filter((row) => !row.oracle || row.unchanged).map((row) => row.id),
  };
}

/**
 * The oracle through the env on every checked-in task (hidden grading: the agent's
 * editable files over the reference tree): solved per repository and source, and the
 * tasks it failed. One episode per task, so about half of `repo-tasks` at full sample.
 */
export async function benchRepoTasksOracle(): Promise<Record<string, unknown>> {
  const tasks = (await repoTaskCatalog("repo")).tasks();
  const rows = await taskRows(createRepoEnvDefinition(), "repo", tasks, false);
  const perRepository: Record<string, { tasks: number; solved: number }> = {};
  for (const row of rows) {
    perRepository[row.repo] ??= { tasks: 0, solved: 0 };
    const entry = perRepository[row.repo]!;
    entry.tasks += 1;
    if (row.oracle) entry.solved += 1;
  }
  const solved = (source: string) => rows.filter((row) => row.source === source && row.oracle).length;
  const count = (source: string) => rows.filter((row) => row.source === source).length;
  return {
    repositories: Object.keys(perRepository).length,
    tasks: rows.length,
    historicalTasks: count("historical"),
    injectedTasks: count("injected"),
    oracleSolved: rows.filter((row) => row.oracle).length,
    oracleHistorical: solved("historical") / Math.max(1, count("historical")),
    oracleInjected: solved("injected") / Math.max(1, count("injected")),
    oracleEpisodeMedianMs: medianOracleMs(rows),
    perRepository,
    failures: rows.filter((row) => !row.oracle).map((row) => row.id),
  };
}

/**
 * The checked-in tasks: how many were validated per source, and oracle / submit-at-once on
 * a sample (`ENVRIGGER_BENCH_REPO_SAMPLE` tasks per repository and source, default 1;
 * every episode runs the real suite under isolation, so all of them take long).
 */
export async function benchRepoTasks(): Promise<Record<string, unknown>> {
  const catalog = await repoTaskCatalog("repo");
  const tasks = catalog.tasks();
  const perGroup = Number(process.env.ENVRIGGER_BENCH_REPO_SAMPLE ?? 1);
  const sample: RepoTask[] = [];
  const groups = new Map<string, number>();
  for (const task of tasks) {
    const key = `${task.repo}/${task.source}`;
    if ((groups.get(key) ?? 0) >= perGroup) continue;
    groups.set(key, (groups.get(key) ?? 0) + 1);
    sample.push(task);
  }
  const count = (source: string) => tasks.filter((task) => task.source === source).length;
  return {
    repositories: new Set(tasks.map((task) => task.repo)).size,
    historicalTasks: count("historical"),
    injectedTasks: count("injected"),
    sampled: sample.length,
    ...(await oracleAndUnchanged(createRepoEnvDefinition(), "repo", sample)),
  };
}

/**
 * A repository the project never saw (made here, with its history), given by path and
 * test command only: its tasks are mined and validated on first use, then the oracle and
 * submit-at-once run on every one.
 */
export async function benchUnseenRepository(): Promise<Record<string, unknown>> {
  const dir = makeUnseenRepository();
  try {
    const spec = `repo:${dir}?test=node --test&historical=4&injected=8`;
    const definition = createRepoEnvDefinition(spec);
    const started = performance.now();
    const tasks = (await repoTaskCatalog(spec)).tasks();
    const buildSeconds = (performance.now() - started) / 1000;
    return {
      spec: "repo:<dir>?test=node --test&historical=4&injected=8",
      historicalTasks: tasks.filter((task) => task.source === "historical").length,
      injectedTasks: tasks.filter((task) => task.source === "injected").length,
      buildSeconds: Number(buildSeconds.toFixed(1)),
      ...(await oracleAndUnchanged(definition, spec, tasks)),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
