import path from "node:path";
import {
  type BuildEvent,
  createRepoEnvDefinition,
  formatBuildEvent,
  type RepoTask,
  repoTaskCatalog,
} from "../src/bridges/repo/index.js";
import { specTasks } from "../src/bridges/repo/spec-tasks.js";
import { resolvePolicy } from "../src/policies/policy-registry.js";
import { runEpisode } from "../src/rollout/run-episode.js";

const packageRoot = path.resolve(import.meta.dirname, "..");

/**
 * Three MIT libraries the project never saw, brought as a new user would — a git bundle of
 * the fetched repository (`bench/repos/`, see its README) and a `repo:` spec — one per
 * runner and layout the eleven lack: ava with a root `test.js`, node:test run by hand
 * (`node test.js`, nested subtests), vitest with TypeScript sources.
 */
export const OWN_REPOSITORIES = {
  camelcase: "repo:bench/repos/camelcase.bundle?test=npx ava&dev=ava@6.4.1&historical=6&injected=8",
  "markdown-table":
    "repo:bench/repos/markdown-table.bundle?test=node --conditions development test.js&dev=chalk@5.3.0,strip-ansi@7.1.0&historical=4&injected=8",
  defu: "repo:bench/repos/defu.bundle?test=npx vitest run&dev=vitest@3.2.4,expect-type@1.2.2&sources=src/**/*.ts&historical=4&injected=8",
} as const;

/** One episode per task of `policy` on the env with `reward`: the share that earned reward 1, and the tasks that did not give `expected`. */
async function rewardRate(
  spec: string,
  tasks: readonly RepoTask[],
  policy: string,
  reward: "hidden" | "public",
  expected: 0 | 1,
): Promise<{ rate: number; unexpected: string[] }> {
  const env = await createRepoEnvDefinition(spec, { cwd: packageRoot }).create({ reward });
  const factory = (await resolvePolicy(policy, spec)).factory;
  let earned = 0;
  const unexpected: string[] = [];
  try {
    for (const task of tasks) {
      const episode = await runEpisode(env, factory(), { taskId: task.id, seed: 0, callTimeoutMs: 300_000 });
      if (episode.totalReward === 1) earned += 1;
      if (episode.totalReward !== expected) unexpected.push(`${policy}/${reward}: ${task.id}`);
    }
  } finally {
    await env.close();
  }
  return { rate: Number((earned / Math.max(1, tasks.length)).toFixed(3)), unexpected };
}

/**
 * A repository of {@link OWN_REPOSITORIES}: its tasks built from scratch by spec (every
 * candidate reported, the dropped ones counted by reason), then on every task the oracle
 * and submit-at-once (hidden reward), and the test rewriter on both rewards.
 */
export function benchOwnRepository(name: keyof typeof OWN_REPOSITORIES): () => Promise<Record<string, unknown>> {
  return async () => {
    const spec = OWN_REPOSITORIES[name];
    const events: BuildEvent[] = [];
    const started = performance.now();
    const built = await specTasks(spec, {
      cwd: packageRoot,
      rebuild: true,
      progress: (event) => {
        events.push(event);
        process.stderr.write(`  ${formatBuildEvent(name, event)}\n`);
      },
    });
    const buildSeconds = (performance.now() - started) / 1000;
    const tasks = (await repoTaskCatalog(spec, { cwd: packageRoot })).tasks();
    const dropped = built.file.validation.dropped ?? [];
    const reasons: Record<string, number> = {};
    for (const entry of dropped) reasons[entry.reason] = (reasons[entry.reason] ?? 0) + 1;
    const oracle = await rewardRate(spec, tasks, "oracle", "hidden", 1);
    const unchanged = await rewardRate(spec, tasks, "submit-at-once", "hidden", 0);
    const rewriterHidden = await rewardRate(spec, tasks, "test-rewriter", "hidden", 0);
    const rewriterPublic = await rewardRate(spec, tasks, "test-rewriter", "public", 1);
    return {
      spec,
      commit: built.file.commit,
      historicalTasks: tasks.filter((task) => task.source === "historical").length,
      injectedTasks: tasks.filter((task) => task.source === "injected").length,
      baselineTests: events.find((event) => event.kind === "baseline")?.passing ?? null,
      buildSeconds: Number(buildSeconds.toFixed(1)),
      candidatesTried: events.filter((event) => event.kind === "kept" || event.kind === "dropped").length,
      droppedByReason: reasons,
      droppedWithoutReason: dropped.filter((entry) => !entry.reason).length,
      episodes: tasks.length * 4,
      oracleHidden: oracle.rate,
      submitAtOnceHidden: unchanged.rate,
      testRewriterHidden: rewriterHidden.rate,
      testRewriterPublic: rewriterPublic.rate,
      unexpected: [
        ...oracle.unexpected,
        ...unchanged.unexpected,
        ...rewriterHidden.unexpected,
        ...rewriterPublic.unexpected,
      ],
      dropped,
    };
  };
}
