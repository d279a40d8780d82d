import { DEFAULT_CALL_TIMEOUT_MS } from "../../rollout/call-deadline.js";
import { resolve } from "node:path";
import { resolveEnv } from "../../bridges/env-registry.js";
import { EnvriggerError } from "../../core/errors.js";
import { productStackDependencies } from "../../app/product-stack-dependencies.js";
import { buildStack } from "../../harness/build-stack.js";
import { readStackFile } from "../../harness/read-stack-file.js";
import type { JsonObject } from "../../core/json.js";
import { resolvePolicy } from "../../policies/policy-registry.js";
import { runBaseline, type BaselineReport } from "../../rollout/baseline.js";
import { createRolloutExecutor } from "../../app/create-rollout-executor.js";
import type { CliIo } from "../cli-io.js";
import { rolloutConcurrencyOf, type RolloutCommandOptions } from "../rollout-options.js";
import { fixed, formatTable, percent } from "../format-table.js";
import { parseChoice, parseInteger } from "../parse-arguments.js";
import { createProgress } from "../progress.js";
import { parseEnvOptions } from "../env-options.js";
import { baselineSettingsSchema, baselineSettingTable } from "../../rollout/baseline-settings.js";
import { settingsFromOptions } from "../setting-options.js";

/** Raw options of `envrigger baseline` as commander gives them. */
export interface BaselineCommandOptions extends RolloutCommandOptions {
  env: string;
  policy: string;
  split?: string;
  episodes?: string;
  seed?: string;
  reward?: string;
  /** `--env-option key=value`, each occurrence. */
  envOption?: string[];
  task?: string;
  stack?: string;
  groupBy?: string;
  json?: boolean;
  callTimeout?: string;
}

/** Render a baseline report as a table, one row per group then the total. */
export function formatBaselineReport(report: BaselineReport): string {
  const row = (name: string, stats: BaselineReport | BaselineReport["byGroup"][string]) => [
    name,
    stats.episodes,
    stats.errored,
    percent(stats.successRate),
    `[${fixed(stats.successInterval[0])}, ${fixed(stats.successInterval[1])}]`,
    percent(stats.publicPassRate),
    fixed(stats.meanTurns, 1),
    percent(stats.invalidCallRate),
    Object.entries(stats.stopReasons)
      .map(([reason, count]) => `${reason}:${count}`)
      .join(" "),
  ];
  const title = `${report.stack ?? report.env} · policy ${report.policy} · split ${report.split}\n`;
  const messages = Object.entries(report.stopMessages).map(
    ([reason, message]) => `first ${reason}: ${message.split("\n")[0]}\n`,
  );
  return (
    title +
    formatTable(
      ["group", "episodes", "errored", "success", "95% CI", "public pass", "turns", "invalid", "stops"],
      [...Object.entries(report.byGroup).map(([group, stats]) => row(group, stats)), row("all", report)],
    ) +
    messages.join("")
  );
}

/**
 * `envrigger baseline`: run a policy on every task of a split and summarise. Prints the
 * report, then fails (`EPISODES_ERRORED`, exit 1) when every episode errored.
 */
export async function baselineCommand(options: BaselineCommandOptions, io: CliIo): Promise<BaselineReport> {
  const { split, episodes, seed, groupBy } = baselineSettingsSchema.parse(
    settingsFromOptions(options as unknown as Record<string, unknown>, baselineSettingTable),
  );
  const concurrency = rolloutConcurrencyOf(options, options.policy, options.env);
  const envOptions: JsonObject = parseEnvOptions(options.envOption);
  if (options.reward !== undefined)
    envOptions.reward = parseChoice(options.reward, "--reward", ["hidden", "public"] as const);
  const stack = options.stack === undefined ? undefined : readStackFile(resolve(io.cwd, options.stack));
  if (stack && stack.base.env !== options.env) {
    throw new EnvriggerError("BAD_ARGUMENT", `--stack is built on env ${stack.base.env}, not ${options.env}`, {
      hint: `pass --env ${stack.base.env}`,
    });
  }
  const env = await resolveEnv(options.env, io.cwd);
  const policy = await resolvePolicy(options.policy, env.id, io.cwd);
  const progress = createProgress(io, !options.json);
  const taskIds = stack
    ? [stack.base.taskId]
    : options.task
        ?.split(",")
        .map((id) => id.trim())
        .filter(Boolean);
  const stackDependencies = productStackDependencies(io.cwd);
  let stackName: string | undefined;
  if (stack) {
    // Build once up front: a stack that does not load fails here, before any rollout.
    const probe = await buildStack(stack, stackDependencies);
    stackName = probe.describe();
    await probe.close();
  }
  let started = false;
  const executor = options.queue ? await createRolloutExecutor({ queue: options.queue, cwd: io.cwd }) : undefined;
  const { report } = await runBaseline({
    env,
    policyName: policy.name,
    policy: policy.factory,
    split: stack ? "all" : split,
    episodes,
    seed,
    envOptions,
    taskIds,
    concurrency,
    callTimeoutMs: parseInteger(options.callTimeout ?? String(DEFAULT_CALL_TIMEOUT_MS), "--call-timeout"),
    groupBy,
    keepTrajectories: false,
    ...(stack ? { createEnv: () => buildStack(stack, stackDependencies) } : {}),
    ...(executor ? { rollouts: { executor, policySpec: options.policy, ...(stack ? { stack } : {}) } } : {}),
    onEpisode: (_trajectory, done, total) => {
      if (!started) progress.start(total, "baseline");
      started = true;
      progress.update(done);
    },
  }).finally(() => executor?.close());
  progress.stop();
  await env.dispose?.();
  if (stack) report.stack = stackName;
  io.stdout(options.json ? `${JSON.stringify(report)}\n` : formatBaselineReport(report));
  if (report.episodes === 0) {
    const first = report.stopMessages.error?.split("\n")[0];
    throw new EnvriggerError(
      "EPISODES_ERRORED",
      `no episode ran: all ${report.errored} errored, so there is no success rate${first === undefined ? "" : ` (first error: ${first})`}`,
      { hint: "fix what the first error names (a server down, a broken stack) and run again" },
    );
  }
  return report;
}
