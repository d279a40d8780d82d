import { join, resolve } from "node:path";
import { resolveEnv } from "../../bridges/env-registry.js";
import { EnvriggerError } from "../../core/errors.js";
import type { JsonObject } from "../../core/json.js";
import { LEARNED_POLICY_PREFIX } from "../../policies/learnable/resolve-learned-policy.js";
import { runTraining, trainingRunPaths, type TrainingRunResult } from "../../rl/run-training.js";
import { parseSourceSpec, trainingRunConfigSchema, type TrainingRunConfigInput } from "../../rl/training-run-config.js";
import { runsDirectoryOf } from "../shared-options.js";
import type { CliIo } from "../cli-io.js";
import { fixed } from "../format-table.js";
import { parseInteger } from "../parse-arguments.js";
import { settingsFromOptions } from "../setting-options.js";
import { type TrainingSettings, trainingSettingsSchema, trainingSettingTable } from "../../rl/training-settings.js";
import { createProgress } from "../progress.js";
import { targetFromOptions } from "../target-options.js";
import { productRigDependencies } from "../../app/product-rig-dependencies.js";
import { resumedRunFile } from "../../run-format/run-file.js";
import { productStackDependencies } from "../../app/product-stack-dependencies.js";

/** Raw options of `envrigger train`. */
export interface TrainCommandOptions {
  /** The target options (`--band`, `--band-steps`, `--weakness`), as given. */
  band?: string;
  bandSteps?: string;
  weakness?: string;
  env?: string;
  policy?: string;
  source?: string;
  updates?: string;
  group?: string;
  tasksPerUpdate?: string;
  seed?: string;
  reward?: string;
  every?: string;
  roundTasks?: string;
  validation?: "rigging" | "training";
  evalEvery?: string;
  evalEpisodes?: string;
  rolloutConcurrency?: string;
  queue?: string;
  runsDir?: string;
  out?: string;
  resume?: string;
  json?: boolean;
}

/** A run id from the env, source and time. */
export function trainingRunId(prefix: string, env: string): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\..*$/, "").replace("T", "-");
  return `${prefix}-${env.replace(/[^A-Za-z0-9]+/g, "_")}-${stamp}`;
}

/**
 * Episodes in flight per rollout batch in this process: `--rollout-concurrency`, else absent
 * (the GRPO configuration's default applies).
 */
export function trainingRolloutConcurrency(options: { rolloutConcurrency?: string }): number | undefined {
  return options.rolloutConcurrency === undefined
    ? undefined
    : parseInteger(options.rolloutConcurrency, "--rollout-concurrency");
}

/** The training settings given on the command line, checked, with the table's defaults for the rest. */
export function trainingSettingsOf(options: object): TrainingSettings {
  return trainingSettingsSchema.parse(settingsFromOptions({ ...options }, trainingSettingTable));
}

/** The env options and reward source of `--reward`: the env's verdict by default, else the env's own reward of that name. */
export function rewardOptions(reward: TrainingSettings["reward"]): {
  envOptions: JsonObject;
  rewardSource: "evaluation" | "env";
} {
  if (reward === undefined) return { envOptions: {}, rewardSource: "evaluation" };
  return { envOptions: { reward }, rewardSource: "env" };
}

/** Render a training result: the held-out curve and where the weights went. */
export function formatTraining(result: TrainingRunResult): string {
  const lines = [
    `trained ${result.env} on ${result.source} for ${result.updates} updates (${result.trainingEpisodes} episodes; ${result.zeroVarianceGroups}/${result.groups} groups without variance)`,
  ];
  for (const point of result.curve) {
    lines.push(
      `  update ${String(point.update).padStart(4)}: held-out success ${fixed(point.successRate)} [${fixed(point.successInterval[0])}, ${fixed(point.successInterval[1])}]${point.publicPassRate === null ? "" : `, public pass ${fixed(point.publicPassRate)}`}`,
    );
  }
  for (const round of result.rounds)
    lines.push(
      `  co-evolution round ${round.round} (update ${round.update}): ${round.accepted.length} accepted, ${round.rejected.length} rejected, ${round.skipped.length} skipped`,
    );
  lines.push(`weights: ${result.weights}`, `run: ${result.runDirectory}`);
  return `${lines.join("\n")}\n`;
}

/** `envrigger train`: GRPO on a learnable policy, from the original tasks, stored stacks, or co-evolved stacks. */
export async function trainCommand(options: TrainCommandOptions, io: CliIo): Promise<TrainingRunResult> {
  let input: TrainingRunConfigInput;
  let runDirectory: string;
  const resume = options.resume !== undefined;
  if (resume) {
    runDirectory = resolve(io.cwd, options.resume!);
    input = resumedRunFile(trainingRunConfigSchema, trainingRunPaths(runDirectory).config, "training run");
  } else {
    if (!options.env) throw new EnvriggerError("BAD_ARGUMENT", "train needs --env <env> (or --resume <dir>)");
    const settings = trainingSettingsOf(options);
    if (!settings.policy.startsWith(LEARNED_POLICY_PREFIX))
      throw new EnvriggerError("BAD_ARGUMENT", `train needs a learnable policy, got "${settings.policy}"`, {
        hint: "use --policy learned:init or learned:<weights.json>",
      });
    const source = parseSourceSpec(settings.source);
    if (!source)
      throw new EnvriggerError(
        "BAD_ARGUMENT",
        `--source expects original, coevolve or stacks:<path>, got "${options.source}"`,
      );
    const { envOptions, rewardSource } = rewardOptions(settings.reward);
    const id = trainingRunId("train", options.env);
    runDirectory =
      options.out === undefined ? join(runsDirectoryOf(options, io.cwd), id) : resolve(io.cwd, options.out);
    input = {
      runId: id,
      env: options.env,
      envOptions,
      policy: settings.policy,
      source:
        source.kind === "coevolve"
          ? {
              kind: "coevolve",
              target: targetFromOptions({ ...options }),
              every: settings.every,
              roundTasks: settings.roundTasks,
              validation: settings.validation,
            }
          : source,
      rewardSource,
      grpo: {
        updates: settings.updates,
        group: settings.group,
        tasksPerUpdate: settings.tasksPerUpdate,
        seed: settings.seed,
        concurrency: trainingRolloutConcurrency(options),
      },
      evaluation: { every: settings.evalEvery, episodes: settings.evalEpisodes },
    };
  }
  const env = await resolveEnv(input.env, io.cwd);
  const progress = createProgress(io, !options.json);
  let started = false;
  try {
    const result = await runTraining(input, {
      runDirectory,
      resume,
      env,
      cwd: io.cwd,
      queue: options.queue,
      rigDependencies: productRigDependencies({ queue: options.queue }),
      stack: productStackDependencies(),
      onUpdate: (stats, total) => {
        if (!started) progress.start(total, "train");
        started = true;
        progress.update(stats.update + 1);
      },
    });
    progress.stop();
    io.stdout(options.json ? `${JSON.stringify(result)}\n` : formatTraining(result));
    return result;
  } finally {
    progress.stop();
    await env.dispose?.();
  }
}
