import { Command, CommanderError } from "commander";
import { EnvriggerError, errorMessage, fromFileSystemError } from "../core/errors.js";
import type { CliIo } from "./cli-io.js";

/**
 * The envrigger command line, writing to `io`. Commands are registered here only; each
 * command's module is imported when it runs, so `--help` and light commands start fast
 * (the model SDKs, ts-morph and LangGraph take seconds to load).
 */
export function createProgram(io: CliIo, outcome: { exitCode: number } = { exitCode: 0 }): Command {
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
    .action(async (options) => (await import("./commands/envs-command.js")).envsCommand(options, io));

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
    .option("--stack <spec.json>", "run on a stored harness stack (a stack spec, or a candidate file holding one)")
    .option("--group-by <key>", "byGroup keyed by the task's group or by task id: group | task", "group")
    .option("--concurrency <n>", "episodes in flight at once", "1")
    .option("--call-timeout <ms>", "deadline of each env and policy call; past it the episode stops with `timeout`", "30000")
    .option("--json", "print one JSON object")
    .action(async (options) => void (await (await import("./commands/baseline-command.js")).baselineCommand(options, io)));

  const targetOptions = (command: Command) =>
    command
      .option("--band-success <lo,hi>", "target success-rate band (default 0.4,0.6 when no target is given)")
      .option("--band-steps <lo,hi>", "target mean-steps band")
      .option("--weakness <text>", "a named weakness to make decisive, e.g. \"submits without running the tests\"");
  const loopOptions = (command: Command) =>
    targetOptions(command)
      .option("--designer <designer>", "heuristic | openai:<model> | gemini:<model>", "heuristic")
      .option("--k <n>", "rollouts per batch (K)", "5")
      .option("--k-max <n>", "cap on rollouts per validation (sequential validation)", "120")
      .option("--confidence <p>", "posterior probability that the true rate lies in the band, needed to accept or skip", "0.9")
      .option("--call-timeout <ms>", "deadline of each env and policy call; past it the episode stops with `timeout`", "30000")
      .option("--confirm <n>", "fresh rollouts confirming a candidate that passed, before the final accept (0: none)", "20")
      .option("--revisions <n>", "revisions after the first candidate", "5")
      .option("--seed <s>", "run seed", "0")
      .option("--reward <reward>", "hidden | public (envs with a pluggable reward)")
      .option("--candidates <dir>", "where accepted candidates are stored", "harness-candidates")
      .option("--json", "print one JSON object");

  loopOptions(
    program
      .command("rig")
      .description("rig one task: observe, diagnose, write, check, validate, decide")
      .option("--env <env>", "environment id, or file:<path> (required unless --resume)")
      .option("--task <id>", "task id (required unless --resume)")
      .option("--policy <policy>", "policy name, or file:<path> (required unless --resume)")
      .option("--out <dir>", "run directory (default runs/<id>)")
      .option("--resume <dir>", "continue the run in this directory (e.g. after a provider outage)"),
  ).action(async (options, command: Command) => {
    const explicit = explicitOptions(command);
    if (!options.resume && !options.task) throw new EnvriggerError("BAD_ARGUMENT", "--task is required (or --resume runs/<id>)");
    await (await import("./commands/curriculum-command.js")).curriculumCommand({ ...options, split: "all", concurrency: "1", explicit: explicit.filter((name) => name !== "split" && name !== "concurrency") }, io);
  });

  loopOptions(
    program
      .command("curriculum")
      .description("rig every task of a split (resumable; one SQLite thread per task)")
      .option("--env <env>", "environment id, or file:<path>")
      .option("--split <split>", "train | heldout | all", "train")
      .option("--task <ids>", "only these task ids (comma-separated)")
      .option("--policy <policy>", "policy name, or file:<path>")
      .option("--concurrency <n>", "tasks in parallel (this process plus task processes)", "1")
      .option("--out <dir>", "run directory (default runs/<id>)")
      .option("--resume <dir>", "continue the run in this directory"),
  ).action(async (options, command: Command) => void (await (await import("./commands/curriculum-command.js")).curriculumCommand({ ...options, explicit: explicitOptions(command) }, io)));

  program
    .command("check-component")
    .description("static check and trial load of a Rules component; with --env and --task, one smoke episode too")
    .argument("<file>", "a Rules component (.ts)")
    .option("--env <env>", "environment for a smoke episode")
    .option("--task <id>", "task for the smoke episode")
    .option("--policy <policy>", "policy for the smoke episode (default: the env's first scripted policy)")
    .option("--seed <s>", "episode seed", "0")
    .option("--json", "print one JSON object { ok, issues, smoke? }")
    .action(async (file, options) => {
      outcome.exitCode = await (await import("./commands/check-component-command.js")).checkComponentCommand(file, options, io);
    });

  program
    .command("measure")
    .description("fresh rollouts of a stored candidate stack")
    .requiredOption("--candidate <file>", "a candidate JSON file under harness-candidates/")
    .requiredOption("--policy <policy>", "policy name, or file:<path>")
    .option("--k <n>", "rollouts", "10")
    .option("--seed <s>", "seed (fresh rollouts: never the rig run's seeds)", "1")
    .option("--concurrency <n>", "episodes in flight", "1")
    .option("--json", "print one JSON object")
    .action(async (options) => void (await (await import("./commands/measure-command.js")).measureCommand(options, io)));

  program
    .command("report")
    .description("write <run>/report.html: one self-contained page of a run (charts, decisions, stacks, example episodes)")
    .argument("<run>", "a run directory, e.g. runs/<id>")
    .option("--json", "print one JSON object { path }")
    .action(async (run: string, options) => void (await (await import("./commands/report-command.js")).reportCommand(run, options, io)));

  program
    .command("start")
    .description("the main job on the embedded default (what `npm start` runs): a BugFix curriculum, offline")
    .option("--out <dir>", "run directory (default runs/<id>)")
    .option("--concurrency <n>", "tasks in parallel (this process plus task processes)", "2")
    .option("--json", "print one JSON object")
    .action(async (options) => void (await (await import("./commands/start-command.js")).startCommand(options, io)));

  return program;
}

/** The options given on the command line (not defaults), as their camel-case keys. */
function explicitOptions(command: Command): string[] {
  return Object.keys(command.opts()).filter((key) => command.getOptionValueSource(key) === "cli");
}

/** Exit code for an error: 2 for bad input, 1 otherwise. */
export function exitCodeOf(error: unknown): number {
  if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
  if (error instanceof EnvriggerError) return error.category === "user" ? 2 : 1;
  return 1;
}

/** Run the CLI with `argv` (without node and script); returns the exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const outcome = { exitCode: 0 };
  const program = createProgram(io, outcome);
  try {
    await program.parseAsync(argv, { from: "user" });
    return outcome.exitCode;
  } catch (thrown) {
    const error = fromFileSystemError(thrown);
    const code = exitCodeOf(error);
    if (error instanceof CommanderError) return code;
    if (error instanceof EnvriggerError && (error.category === "external" || error.code === "FILE_SYSTEM")) {
      // Not a bug and nothing to debug: one line, the reason and what to do.
      io.stderr(`error [${error.code}]: ${error.message.replace(/\n\s*hint: /, " — ")}\n`);
    } else if (error instanceof EnvriggerError) {
      io.stderr(`error [${error.code}]: ${error.message}\n`);
      if (error.category === "system") io.stderr("This looks like a bug in envrigger; please report it.\n");
    } else {
      io.stderr(`error: ${errorMessage(error)}\n${error instanceof Error && error.stack ? error.stack + "\n" : ""}`);
    }
    return code;
  }
}
