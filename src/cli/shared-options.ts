import type { Command } from "commander";

/**
 * The options `train` and `experiment` share (an experiment trains each arm and seed as
 * `train` would): updates, group size, evaluation cadence, reward, run directory.
 */
export function trainingOptions(command: Command): Command {
  return command
    .option("--updates <n>", "policy updates (per arm and seed in an experiment)", "30")
    .option("--group <n>", "rollouts per task per update (G)", "8")
    .option("--tasks-per-update <n>", "train tasks sampled per update", "10")
    .option("--every <n>", "co-evolution (the harness arm): re-rig against a snapshot every n updates", "10")
    .option(
      "--round-tasks <n>",
      "co-evolution: at most n tasks rigged per round (a seeded sample of the next block's tasks without an in-band stack)",
      "24",
    )
    .option("--eval-every <n>", "held-out evaluation every n updates", "5")
    .option("--eval-episodes <n>", "episodes per held-out task per evaluation", "10")
    .option("--reward <reward>", "train on the env's reward of this name (hidden | public) instead of its verdict")
    .option("--out <dir>", "run directory (default runs/<id>)")
    .option("--resume <dir>", "continue the run in this directory")
    .option("--json", "print one JSON object");
}

/**
 * The options of every command that rolls out (baseline, rig, curriculum, measure, train,
 * experiment), declared once: episodes in flight at once here, or a Redis queue of
 * `envrigger worker` processes to run them on; `olderName` adds `--concurrency`, the name
 * `baseline`, `measure` and `train` had first, and `callTimeout` the per-call deadline.
 * `inProcessDefault` states the default of commands whose policy is always in-process.
 */
export function rolloutOptions(
  command: Command,
  choices: { olderName?: boolean; callTimeout?: boolean; inProcessDefault?: boolean },
): Command {
  const defaultConcurrency = choices.inProcessDefault ? "1" : "16 for LLM policies and OpenEnv envs, else 1";
  if (choices.olderName) command.option("--concurrency <n>", "the older name of --rollout-concurrency");
  command
    .option(
      "--rollout-concurrency <n>",
      `episodes of a rollout batch in flight at once in this process (default ${defaultConcurrency})`,
    )
    .option(
      "--queue <url>",
      "run the rollouts on `envrigger worker` processes via Redis instead: redis://HOST:PORT or rediss://…",
    );
  if (choices.callTimeout)
    command.option(
      "--call-timeout <ms>",
      "deadline of each env and policy call; past it the episode stops with `timeout`",
      "30000",
    );
  return command;
}

/** The options given on the command line (not defaults), as their camel-case keys. */
export function explicitOptions(command: Command): string[] {
  return Object.keys(command.opts()).filter((key) => command.getOptionValueSource(key) === "cli");
}

export const ENV_OPTION_FLAG = "--env-option <key=value>";
export const ENV_OPTION_HELP =
  "an env option, repeatable (JSON values: maxTurns=20, successReward=1); `envrigger envs` lists each env's options";
