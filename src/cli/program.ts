import { Command, CommanderError } from "commander";
import { EnvriggerError, errorMessage, fromFileSystemError } from "../core/errors.js";
import type { CliIo } from "./cli-io.js";
import { describeLimits } from "./parse-arguments.js";
import { collectValues } from "./env-options.js";
import {
  ENV_OPTION_FLAG,
  ENV_OPTION_HELP,
  explicitOptions,
  OUT_HELP,
  QUEUE_HELP,
  rolloutConcurrencyOption,
  rolloutOptions,
  runsDirOption,
  trainingOptions,
} from "./shared-options.js";
import { curriculumSettingTable, rigSettingTable } from "../rigger/rig-settings.js";
import { settingOptions } from "./setting-options.js";
import { baselineSettingTable } from "../rollout/baseline-settings.js";
import { measureSettingTable } from "../rigger/measure-settings.js";
import { targetOptions } from "./target-options.js";
import { trainingSettingTable } from "../rl/training-settings.js";
import { experimentSettingTable } from "../rl/experiment-settings.js";

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
    .description("list environments: task counts per split and options; --env ID for one env's details")
    .option("--env <env>", "one env's description, tools, options with their defaults, and task ids")
    .option("--json", "print one JSON object { envs: [...] } ({ env } with --env)")
    .action(async (options) => (await import("./commands/envs-command.js")).envsCommand(options, io));

  const baseline = settingOptions(
    program
      .command("baseline")
      .description(
        "run a policy on every task of a split and summarise (success rate with a Wilson interval, per group)",
      )
      .requiredOption("--env <env>", "environment id, or file:<path> for a plugin module")
      .requiredOption("--policy <policy>", "policy name for the env, or file:<path> for a plugin module"),
    baselineSettingTable,
  )
    .option("--reward <reward>", "hidden | public (envs with a pluggable reward, e.g. bugfix)")
    .option(ENV_OPTION_FLAG, ENV_OPTION_HELP, collectValues)
    .option("--task <ids>", "only these task ids (comma-separated)")
    .option("--stack <spec.json>", "run on a stored harness stack (a stack spec, or a candidate file holding one)")
    .option("--json", "print one JSON object");
  rolloutOptions(baseline, { callTimeout: true }).action(
    async (options) => void (await (await import("./commands/baseline-command.js")).baselineCommand(options, io)),
  );

  // The settings of rigging, with their flags, help and defaults, from their one table.
  const loopOptions = (command: Command) =>
    settingOptions(command, rigSettingTable)
      .option("--reward <reward>", "hidden | public (envs with a pluggable reward): the env option reward")
      .option("--queue <url>", QUEUE_HELP)
      .option("--out <dir>", OUT_HELP)
      .option("--json", "print one JSON object");

  loopOptions(
    program
      .command("rig")
      .description("rig one task: observe, diagnose, write, check, validate, decide")
      .option("--task <id>", "task id (required unless --resume)")
      .option("--resume <dir>", "continue the run in this directory (e.g. after a provider outage)"),
  ).action(
    async (options, command: Command) =>
      void (await (await import("./commands/curriculum-command.js")).rigCommand(options, explicitOptions(command), io)),
  );

  loopOptions(
    settingOptions(
      program.command("curriculum").description("rig every task of a split (resumable; one SQLite thread per task)"),
      curriculumSettingTable,
    ).option("--resume <dir>", "continue the run in this directory"),
  ).action(
    async (options, command: Command) =>
      void (await (
        await import("./commands/curriculum-command.js")
      ).curriculumCommand(options, explicitOptions(command), io)),
  );

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
      outcome.exitCode = await (await import("./commands/check-component-command.js")).checkComponentCommand(
        file,
        options,
        io,
      );
    });

  const measure = settingOptions(
    program
      .command("measure")
      .description("fresh rollouts of a stored candidate stack")
      .requiredOption("--candidate <file>", "a candidate JSON file, e.g. runs/<id>/candidates/<env>/<task>/<hash>.json")
      .requiredOption("--policy <policy>", "policy name, or file:<path>"),
    measureSettingTable,
  ).option("--json", "print one JSON object");
  rolloutOptions(measure, {}).action(
    async (options) => void (await (await import("./commands/measure-command.js")).measureCommand(options, io)),
  );

  rolloutOptions(
    trainingOptions(
      targetOptions(
        settingOptions(
          program
            .command("train")
            .description(
              "train a learnable policy with GRPO on the original tasks, stored stacks, or co-evolved stacks (resumable)",
            )
            .option("--env <env>", "environment id (the learnable policy serves bugfix and toy24 among the built-ins)"),
          trainingSettingTable,
          ["policy", "source", "seed"],
        ),
      ),
    ),
    { inProcessDefault: true },
  ).action(async (options) => void (await (await import("./commands/train-command.js")).trainCommand(options, io)));

  const experiment = program
    .command("experiment")
    .description(
      "original vs co-evolved harness vs reverse-curriculum training of a learnable policy, evaluated on the original held-out tasks, over seeds",
    )
    .requiredOption("--env <env>", "environment id (toy24, bugfix, textworld, a file: plugin)");
  settingOptions(experiment, experimentSettingTable)
    .option(
      "--preregistered [design]",
      "run a pre-registered design (src/rl/preregistered-experiments.ts): the env's own, or one named (e.g. toy24-equal-budget); other flags are ignored",
    )
    .option(
      "--summarize <dir>",
      "run nothing: summarize the finished runs of the experiment in <dir> over the seeds every arm finished (one cut short, or still running)",
    );
  rolloutOptions(trainingOptions(experiment), { inProcessDefault: true }).action(
    async (options) => void (await (await import("./commands/experiment-command.js")).experimentCommand(options, io)),
  );

  program
    .command("report")
    .description(
      "write <run>/report.html: one self-contained page of a run (charts, decisions, stacks, example episodes)",
    )
    .argument("<run>", "a run directory (curriculum, train or experiment), e.g. runs/<id>")
    .option("--json", "print one JSON object { path }")
    .action(
      async (run: string, options) =>
        void (await (await import("./commands/report-command.js")).reportCommand(run, options, io)),
    );

  const repo = program
    .command("repo")
    .description(
      "a repository of your own as an env: build and list its validated tasks (see docs/your-own-repository.md)",
    );
  const repoOptions = (command: Command) =>
    command
      .argument("<spec>", "repo:<dir or bundle>[?test=…&sources=…&tests=…&dev=…]")
      .option("--json", "print one JSON object")
      .option("--rebuild", "build again even when tasks of these settings are cached")
      .option("--isolation <isolation>", "bwrap | none-explicit: the sandbox validation runs use", "bwrap");
  repoOptions(
    repo
      .command("build")
      .description(
        "build and validate the tasks: a line per commit and mutation tried, every dropped one with its reason",
      ),
  ).action(
    async (spec: string, options) =>
      void (await (await import("./commands/repo-command.js")).repoBuildCommand(spec, options, io)),
  );
  repoOptions(repo.command("list").description("list the validated tasks (built first when none are cached)")).action(
    async (spec: string, options) =>
      void (await (await import("./commands/repo-command.js")).repoListCommand(spec, options, io)),
  );

  program
    .command("serve")
    .description(
      "serve an env, a stack or stored candidates over the OpenEnv protocol (HTTP + WebSocket /ws) until SIGTERM",
    )
    .option("--env <env>", "environment id, or file:<path> (--stack, --candidates and --run imply it)")
    .option("--task <ids>", "serve these bare tasks (comma-separated)")
    .option("--stack <file>", "serve one stack (a stack spec, or a candidate file)")
    .option(
      "--candidates <dir|corpus.jsonl>",
      "serve stored candidates: a directory, or a corpus written by export --format corpus",
    )
    .option("--run <dir>", "serve a run's accepted candidates")
    .option("--split <split>", "the tasks served when no source is given: train | heldout | all", "train")
    .option(
      "--weights <weights>",
      "how a reset without task_id/stack_id draws its stack: uniform | validation",
      "uniform",
    )
    .option("--host <host>", "interface to bind (a warning is printed for anything but loopback)", "127.0.0.1")
    .option("--port <port>", "port (0: a free one)", "8000")
    .option("--max-sessions <n>", "concurrent WebSocket sessions", "64")
    .option("--idle-timeout <seconds>", "close a session silent this long", "600")
    .option("--max-message-bytes <n>", "largest message or body accepted", String(10 * 1024 * 1024))
    .option("--json", "print where it listens as one JSON object")
    .action(async (options) => void (await (await import("./commands/serve-command.js")).serveCommand(options, io)));

  program
    .command("export")
    .description("write what trainers read: episodes as chat JSONL, or a corpus of accepted stacks")
    .requiredOption("--format <format>", "chat-jsonl | corpus")
    .option("--run <dir>", "a run: its recorded rollouts (chat-jsonl) or accepted stacks (corpus)")
    .option(
      "--candidates <dir|corpus.jsonl>",
      "stored candidates: fresh rollouts of them (chat-jsonl, with --policy) or their corpus",
    )
    .option("--policy <policy>", "policy for fresh rollouts of --candidates")
    .option("--episodes <n>", "fresh rollouts per candidate (default 10)")
    .option("--seed <s>", "seed of the fresh rollouts", "0")
    .addOption(rolloutConcurrencyOption())
    .option("--successes-only", "only successful episodes (rejection-sampling fine-tuning)")
    .option("--out <file>", "write here (atomically at the end; lines stream into <file>.partial); default stdout")
    .action(async (options) => void (await (await import("./commands/export-command.js")).exportCommand(options, io)));

  program
    .command("start")
    .description("the main job on the embedded default (what `npm start` runs): a BugFix curriculum, offline")
    .addOption(runsDirOption())
    .option("--out <dir>", OUT_HELP)
    .option("--task-concurrency <n>", "tasks rigged at once (this process plus task processes) (default 2)")
    .option("--json", "print one JSON object")
    .action(async (options) => void (await (await import("./commands/start-command.js")).startCommand(options, io)));

  const skills = program
    .command("skills")
    .description("skill banks: extract memory items from trajectories, evaluate them with an LLM policy, show them");
  skills
    .command("extract")
    .description(
      "distil memory items from a run's accepted stacks (--from) or from fresh rollouts of the original env (--from-original) into a JSONL bank",
    )
    .option("--from <run>", "a run directory, e.g. runs/<id>: the validation trajectories of its accepted stacks")
    .option("--from-original", "fresh rollouts of the unmodified env (needs --env and --policy)")
    .option("--env <env>", "environment id (with --from-original)")
    .option("--policy <policy>", "policy for the original-env rollouts")
    .option("--split <split>", "train | heldout | all (with --from-original)", "train")
    .option("--task <ids>", "only these task ids (comma-separated; with --from-original)")
    .option("--episodes <n>", "episodes per task (with --from-original; default 10)")
    .option(
      "--match <run>",
      "with --from-original: the same tasks and per-task episode counts as this run's accepted stacks",
    )
    .option("--seed <s>", "seed of the original-env rollouts", "1")
    .option("--extractor <extractor>", "mined (offline) | openai:<model> | gemini:<model>", "mined")
    .requiredOption("--out <bank.jsonl>", "the bank the items are appended to")
    .addOption(rolloutConcurrencyOption())
    .option("--json", "print one JSON object")
    .action(
      async (options) => void (await (await import("./commands/skills-command.js")).skillsExtractCommand(options, io)),
    );
  skills
    .command("eval")
    .description(
      "the same LLM policy with and without retrieved skills (same tasks, same seeds): success with 95% intervals",
    )
    .requiredOption("--bank <bank.jsonl>", "a skill bank")
    .requiredOption("--env <env>", "environment id")
    .requiredOption("--policy <policy>", "an LLM policy: openai:<model> | gemini:<model>")
    .option("--split <split>", "train | heldout | all", "heldout")
    .option("--task <ids>", "only these task ids (comma-separated)")
    .option("--top-k <n>", "items retrieved into the system prompt", "3")
    .option("--episodes <n>", "episodes per task and arm", "5")
    .option("--seed <s>", "run seed (both arms use the same seeds)", "0")
    .option("--embeddings <spec>", "retrieve by embeddings: openai:<model> (default: BM25)")
    .addOption(rolloutConcurrencyOption())
    .option("--json", "print one JSON object")
    .action(
      async (options) => void (await (await import("./commands/skills-command.js")).skillsEvalCommand(options, io)),
    );
  skills
    .command("show")
    .description("print a bank's items readably")
    .argument("<bank>", "a skill bank (JSONL)")
    .option("--json", "print one JSON object { items, warnings }")
    .action(async (bank: string, options) =>
      (await import("./commands/skills-command.js")).skillsShowCommand(bank, options, io),
    );
  program
    .command("worker")
    .description(
      "serve rollout jobs from a Redis queue (for --queue on rig, curriculum, baseline, measure, train, experiment) until SIGTERM",
    )
    .requiredOption(
      "--queue <url>",
      "redis://HOST:PORT or rediss://… (password in the URL or in ENVRIGGER_REDIS_PASSWORD)",
    )
    .option("--job-concurrency <n>", "jobs in flight in this process (a job runs its episodes one after another)", "8")
    .option("--plugins-dir <dir>", "allow file: env and policy plugins from inside this directory (none without it)")
    .option(
      "--allow-url <prefix>",
      "allow openenv: URLs under this prefix (repeatable; none by default)",
      (value: string, previous: string[]) => [...previous, value],
      [] as string[],
    )
    .option(
      "--lock-duration-ms <ms>",
      "BullMQ job lock: a dead worker's job returns after about this long (default 30000)",
    )
    .option("--stalled-interval-ms <ms>", "how often to look for stalled jobs (default 30000)")
    .option(
      "--max-stalled-count <n>",
      "stalls before BullMQ fails a job, which the coordinator then re-queues (default 1)",
    )
    .option("--verbose", "log every job")
    .action(async (options) => void (await (await import("./commands/worker-command.js")).workerCommand(options, io)));

  return describeLimits(program);
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
      io.stderr(`error: ${errorMessage(error)}\n${error instanceof Error && error.stack ? `${error.stack}\n` : ""}`);
    }
    return code;
  }
}
