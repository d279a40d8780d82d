import { resolve } from "node:path";
import { type Command, Option } from "commander";
import { settingHelp, settingOptions } from "./setting-options.js";
import { rigSettingTable } from "../rigger/rig-settings.js";
import { trainingSettingTable } from "../rl/training-settings.js";

/**
 * The options `train` and `experiment` share (an experiment trains each arm and seed as
 * `train` would): updates, group size, evaluation cadence, reward, where the run directory is.
 */
export function trainingOptions(command: Command): Command {
  return settingOptions(command, trainingSettingTable, TRAINING_OPTIONS)
    .addOption(runsDirOption())
    .option("--out <dir>", OUT_HELP)
    .option("--resume <dir>", "continue the run in this directory")
    .option("--json", "print one JSON object");
}

/** The training settings every training command (train, experiment) takes; `train` adds the policy, source and seed. */
const TRAINING_OPTIONS = [
  "updates",
  "group",
  "tasksPerUpdate",
  "every",
  "roundTasks",
  "validation",
  "evalEvery",
  "evalEpisodes",
  "reward",
] as const;

/** `--runs-dir <dir>` of every command that makes a run directory, from its row of the settings table. */
export function runsDirOption(): Option {
  const { runsDir } = rigSettingTable;
  return new Option(`${runsDir.flag} ${runsDir.value}`, settingHelp(runsDir));
}

/** The help of `--out` of every command that makes a run directory. */
export const OUT_HELP = "the run directory (default <runs-dir>/<id>)";

/** The directory a new run without `--out` is made in: `--runs-dir`, else the default, against `cwd`. */
export function runsDirectoryOf(options: { runsDir?: string }, cwd: string): string {
  return resolve(cwd, rigSettingTable.runsDir.schema.parse(options.runsDir));
}

/**
 * The options of every command that rolls out (baseline, rig, curriculum, measure, train,
 * experiment), declared once: episodes in flight at once here, or a Redis queue of
 * `envrigger worker` processes to run them on; `callTimeout` adds the per-call deadline.
 * `inProcessDefault` states the default of commands whose policy is always in-process.
 */
export function rolloutOptions(
  command: Command,
  choices: { callTimeout?: boolean; inProcessDefault?: boolean },
): Command {
  const { callTimeoutMs } = rigSettingTable;
  command.addOption(rolloutConcurrencyOption(choices)).option("--queue <url>", QUEUE_HELP);
  if (choices.callTimeout)
    command.addOption(new Option(`${callTimeoutMs.flag} ${callTimeoutMs.value}`, settingHelp(callTimeoutMs)));
  return command;
}

/**
 * `--rollout-concurrency`, from the rig table's row: no default value on the command line, so
 * a command that is not given it takes the policy's and env's (`rolloutConcurrencyOf`: 16
 * when either waits on I/O, else 1); `inProcessDefault` states 1 for commands whose policy is
 * always in-process.
 */
export function rolloutConcurrencyOption(choices: { inProcessDefault?: boolean } = {}): Option {
  const { rolloutConcurrency } = rigSettingTable;
  return new Option(
    `${rolloutConcurrency.flag} ${rolloutConcurrency.value}`,
    settingHelp(choices.inProcessDefault ? { ...rolloutConcurrency, defaultText: "1" } : rolloutConcurrency),
  );
}

/** The options given on the command line (not defaults), as their camel-case keys. */
export function explicitOptions(command: Command): string[] {
  return Object.keys(command.opts()).filter((key) => command.getOptionValueSource(key) === "cli");
}

export const ENV_OPTION_FLAG = `${rigSettingTable.envOptions.flag} ${rigSettingTable.envOptions.value}`;
export const ENV_OPTION_HELP = rigSettingTable.envOptions.help;

/** The help of `--queue`. */
export const QUEUE_HELP =
  "run the rollouts on `envrigger worker` processes via Redis instead: redis://HOST:PORT or rediss://…";
