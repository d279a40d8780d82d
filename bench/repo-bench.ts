import { rmSync } from "node:fs";
import type { EnvDefinition } from "../src/core/env-definition.js";
import { createRepoEnvDefinition, repoTaskCatalog, type RepoTask } from "../src/bridges/repo/index.js";
import { resolvePolicy } from "../src/policies/policy-registry.js";
import { runEpisode } from "../src/rollout/run-episode.js";
import { makeUnseenRepository } from "./unseen-repository.js";

/** Oracle and submit-at-once on each task: how many the oracle solved and the unchanged tree passed. */
async function oracleAndUnchanged(definition: EnvDefinition, envId: string, tasks: readonly RepoTask[]) {
  const env = await definition.create({});
  const rows: Array<{ id: string; source: string; oracle: boolean; unchanged: boolean; oracleMs: number }> = [];
  try {
    for (const task of tasks) {
      const started = performance.now();
      const oracle = await runEpisode(env, (await resolvePolicy("oracle", envId)).factory(), {
        taskId: task.id,
        seed: 0,
        callTimeoutMs: 300_000,
      });
      const oracleMs = performance.now() - started;
      const unchanged = await runEpisode(env, (await resolvePolicy("submit-at-once", envId)).factory(), {
        taskId: task.id,
        seed: 0,
        callTimeoutMs: 300_000,
      });
      rows.push({
        id: task.id,
        source: task.source,
        oracle: oracle.evaluation?.success === true,
        unchanged: unchanged.evaluation?.success === true,
        oracleMs,
      });
    }
  } finally {
    await env.close();
  }
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
    oracleEpisodeMedianMs: Math.round(
      rows.map((row) => row.oracleMs).sort((a, b) => a - b)[Math.floor(rows.length / 2)] ?? 0,
    ),
    failures: rows.filter((row) => !row.oracle || row.unchanged).map((row) => row.id),
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
