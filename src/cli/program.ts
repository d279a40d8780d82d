import { Command, CommanderError } from "commander";
import { EnvriggerError, errorMessage } from "../core/errors.js";
import type { CliIo } from "./cli-io.js";
import { baselineCommand } from "./commands/baseline-command.js";
import { envsCommand } from "./commands/envs-command.js";
import { startCommand } from "./commands/start-command.js";

/** The envrigger command line, writing to `io`. Commands are registered here only. */
export function createProgram(io: CliIo): Command {
  const program = new Command()
    .name("envrigger")
    .description("Turn static agent environments into adaptive, validated training environments.")
    .showHelpAfterError()
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr });

  program
    .command("envs")
    .description("list environments, their tools and task ids per split")
    .option("--json", "print one JSON object { envs: [...] }")
    .action((options) => envsCommand(options, io));

  program
    .command("baseline")
    .description("run a policy on every task of a split and summarise (success rate with a Wilson interval, per group)")
    .requiredOption("--env <env>", "environment id, or file:<path> for a plugin module")
    .requiredOption("--policy <policy>", "policy name for the env, or file:<path> for a plugin module")
    .option("--split <split>", "train | heldout | all", "train")
    .option("--episodes <n>", "episodes per task", "10")
    .option("--seed <s>", "run seed", "0")
    .option("--reward <reward>", "hidden | public (envs with a pluggable reward, e.g. bugfix)")
    .option("--task <ids>", "only these task ids (comma-separated)")
    .option("--concurrency <n>", "episodes in flight at once", "1")
    .option("--json", "print one JSON object")
    .action(async (options) => void (await baselineCommand(options, io)));

  program
    .command("start")
    .description("the main job on the embedded default (what `npm start` runs)")
    .option("--json", "print one JSON object")
    .action(async (options) => void (await startCommand(options, io)));

  return program;
}

/** Exit code for an error: 2 for bad input, 1 otherwise. */
export function exitCodeOf(error: unknown): number {
  if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
  if (error instanceof EnvriggerError) return error.category === "user" ? 2 : 1;
  return 1;
}

/** Run the CLI with `argv` (without node and script); returns the exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const program = createProgram(io);
  try {
    await program.parseAsync(argv, { from: "user" });
    return 0;
  } catch (error) {
    const code = exitCodeOf(error);
    if (error instanceof CommanderError) return code;
    if (error instanceof EnvriggerError) {
      io.stderr(`error [${error.code}]: ${error.message}\n`);
      if (error.category === "system") io.stderr("This looks like a bug in envrigger; please report it.\n");
    } else {
      io.stderr(`error: ${errorMessage(error)}\n${error instanceof Error && error.stack ? error.stack + "\n" : ""}`);
    }
    return code;
  }
}
