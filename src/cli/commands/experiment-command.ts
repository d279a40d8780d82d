import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { resolveEnv } from "../../bridges/env-registry.js";
import { type ExperimentConfigInput, runExperiment, type ExperimentResult } from "../../rl/run-experiment.js";
import { PREREGISTERED_EXPERIMENTS } from "../../rl/preregistered-experiments.js";
import { EnvriggerError } from "../../core/errors.js";
import { runsDirectoryOf } from "../shared-options.js";
import type { CliIo } from "../cli-io.js";
import { fixed, formatTable } from "../format-table.js";
import { createProgress } from "../progress.js";
import { rewardOptions, trainingRolloutConcurrency, trainingRunId, trainingSettingsOf } from "./train-command.js";
import { settingsFromOptions } from "../setting-options.js";
import { experimentSettingsSchema, experimentSettingTable } from "../../rl/experiment-settings.js";
import { productRigDependencies } from "../../app/product-rig-dependencies.js";
import { productStackDependencies } from "../../app/product-stack-dependencies.js";

/** Raw options of `envrigger experiment`. */
export interface ExperimentCommandOptions {
  env: string;
  seeds?: string;
  updates?: string;
  group?: string;
  tasksPerUpdate?: string;
  every?: string;
  roundTasks?: string;
  validation?: "rigging" | "training";
  evalEvery?: string;
  evalEpisodes?: string;
  reward?: string;
  rolloutConcurrency?: string;
  queue?: string;
  runsDir?: string;
  out?: string;
  resume?: string;
  /** Run nothing: summarize the finished runs of the experiment in this directory. */
  summarize?: string;
  json?: boolean;
  arms?: string;
  totalRollouts?: string;
  /** `true` (the env's own design) or a design's name. */
  preregistered?: boolean | string;
}

/** Render an experiment: both arms' curves (mean over seeds) and final held-out numbers per seed. */
export function formatExperiment(result: ExperimentResult): string {
  const publicColumn = result.runs.every((run) => run.final.publicPassRate !== null);
  const rows = result.runs.map((run) => [
    run.arm,
    run.seed,
    run.trainingEpisodes,
    run.curve.map((point) => fixed(point.successRate)).join(" "),
    `${fixed(run.final.successRate)} [${fixed(run.final.successInterval[0])}, ${fixed(run.final.successInterval[1])}]`,
    ...(publicColumn ? [fixed(run.final.publicPassRate!)] : []),
  ]);
  const table = formatTable(
    [
      "arm",
      "seed",
      "episodes",
      "held-out success curve",
      "final success",
      ...(publicColumn ? ["final public pass"] : []),
    ],
    rows,
  );
  const difference = `harness − original, final held-out success: mean ${fixed(result.difference.mean)} (sd ${fixed(result.difference.standardDeviation)} over ${result.seedsFinished} seeds; per seed ${result.difference.perSeed.map((value) => fixed(value)).join(", ")})`;
  const publicLine = result.publicPassDifference
    ? `\nharness − original, final held-out public pass: mean ${fixed(result.publicPassDifference.mean)} (sd ${fixed(result.publicPassDifference.standardDeviation)})`
    : "";
  const pairs = result.differences
    .map(
      (pair) =>
        `${pair.first} − ${pair.second}: mean ${fixed(pair.mean)}${pair.interval ? ` [95% ${fixed(pair.interval[0])}, ${fixed(pair.interval[1])}]` : ""} (per seed ${pair.perSeed.map((value) => fixed(value)).join(", ")})`,
    )
    .join("\n");
  const mechanism = Object.entries(result.arms)
    .map(
      ([arm, summary]) =>
        `${arm}: zero-variance groups ${fixed(summary.zeroVarianceFraction)}, training episodes ${summary.trainingEpisodes}, total rollouts ${Math.round(summary.totalRollouts)} per seed, coverage ${fixed(summary.coverage)}${summary.trialCoverage > 0 ? ` (and ${fixed(summary.trialCoverage)} on trial stacks)` : ""}${summary.riggingRollouts > 0 ? `, rigging rollouts ${Math.round(summary.riggingRollouts)} per seed` : ""}${summary.riggingTokens > 0 ? `, rigging tokens ${Math.round(summary.riggingTokens)} per seed` : ""}${summary.riggingPerAcceptedEnv ? `; per accepted env ${Math.round(summary.riggingPerAcceptedEnv.rollouts)} rollouts, ${Math.round(summary.riggingPerAcceptedEnv.tokens)} tokens` : ""}`,
    )
    .join("\n");
  const seeds =
    result.seedsFinished === result.seeds
      ? `${result.seeds} seeds`
      : `${result.seedsFinished} of ${result.seeds} seeds finished by every arm (the summaries are over those)`;
  return `${result.env} experiment · reward ${result.reward} · ${seeds}\n${table}${difference}${publicLine}\n${pairs}\n${mechanism}\nrun: ${result.runDirectory}\n`;
}

/** `envrigger experiment`: original vs co-evolved harness training, evaluated on held-out tasks, over seeds. */
export async function experimentCommand(options: ExperimentCommandOptions, io: CliIo): Promise<ExperimentResult> {
  const settings = trainingSettingsOf(options);
  const experiment = experimentSettingsSchema.parse(settingsFromOptions({ ...options }, experimentSettingTable));
  const { envOptions, rewardSource } = rewardOptions(settings.reward);
  const id = trainingRunId("experiment", options.env);
  if (options.summarize !== undefined && options.resume !== undefined)
    throw new EnvriggerError("BAD_ARGUMENT", "--summarize and --resume are exclusive", {
      hint: "--summarize reads what finished and runs nothing; --resume continues the run",
    });
  const chosen = options.summarize ?? options.resume ?? options.out;
  const runDirectory = chosen === undefined ? join(runsDirectoryOf(options, io.cwd), id) : resolve(io.cwd, chosen);
  const env = await resolveEnv(options.env, io.cwd);
  const progress = createProgress(io, !options.json);
  const designName = typeof options.preregistered === "string" ? options.preregistered : env.id;
  const design = PREREGISTERED_EXPERIMENTS[designName];
  if (options.preregistered && (!design || design.env !== env.id))
    throw new EnvriggerError(
      "BAD_ARGUMENT",
      design
        ? `the pre-registered design ${designName} is for env ${design.env}, not ${env.id}`
        : `no pre-registered experiment ${designName} for env ${env.id}`,
      {
        hint: `pre-registered: ${Object.entries(PREREGISTERED_EXPERIMENTS)
          .map(([name, entry]) => `${name} (env ${entry.env})`)
          .join(", ")}`,
      },
    );
  try {
    const input: ExperimentConfigInput =
      options.preregistered && design
        ? { runId: id, ...design }
        : {
            runId: id,
            env: env.id,
            envOptions,
            rewardSource,
            seeds: experiment.seeds,
            grpo: {
              updates: settings.updates,
              group: settings.group,
              tasksPerUpdate: settings.tasksPerUpdate,
              concurrency: trainingRolloutConcurrency(options),
            },
            evaluation: { every: settings.evalEvery, episodes: settings.evalEpisodes },
            coevolution: { every: settings.every, roundTasks: settings.roundTasks, validation: settings.validation },
            arms: experiment.arms,
            ...(experiment.totalRollouts === undefined ? {} : { totalRollouts: experiment.totalRollouts }),
          };
    const result = await runExperiment(input, {
      runDirectory,
      resume: options.resume !== undefined && existsSync(join(runDirectory, "experiment.json")),
      finishedOnly: options.summarize !== undefined,
      env,
      cwd: io.cwd,
      queue: options.queue,
      rigDependencies: productRigDependencies({ queue: options.queue }),
      stack: productStackDependencies(),
      onRunStart: (_arm, _seed, index, total) => {
        if (index === 0) progress.start(total, "experiment");
        progress.update(index);
      },
    });
    progress.stop();
    io.stdout(options.json ? `${JSON.stringify(result)}\n` : formatExperiment(result));
    return result;
  } finally {
    progress.stop();
    await env.dispose?.();
  }
}
