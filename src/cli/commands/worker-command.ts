import { resolve } from "node:path";
import { productStackDependencies } from "../../app/product-stack-dependencies.js";
import { existsSync, statSync } from "node:fs";
import { EnvriggerError } from "../../core/errors.js";
import { ROLLOUT_QUEUE_NAME } from "../../queue/queue-keys.js";
import { startRolloutWorker } from "../../queue/rollout-worker.js";
import type { CliIo } from "../cli-io.js";
import { type IntegerOption, parseInteger } from "../parse-arguments.js";

/** Raw options of `envrigger worker`. */
export interface WorkerCommandOptions {
  queue: string;
  jobConcurrency?: string;
  pluginsDir?: string;
  allowUrl?: string[];
  lockDurationMs?: string;
  stalledIntervalMs?: string;
  maxStalledCount?: string;
  verbose?: boolean;
}

/** Resolves when the process is asked to stop (SIGTERM, SIGINT), or when `signal` aborts (tests). */
function stopRequested(signal?: AbortSignal): Promise<string> {
  return new Promise((done) => {
    const finish = (name: string) => {
      process.off("SIGTERM", onTerm);
      process.off("SIGINT", onInt);
      done(name);
    };
    const onTerm = () => finish("SIGTERM");
    const onInt = () => finish("SIGINT");
    process.once("SIGTERM", onTerm);
    process.once("SIGINT", onInt);
    signal?.addEventListener("abort", () => finish("abort"), { once: true });
  });
}

/**
 * `envrigger worker --queue redis://HOST:PORT`: serve rollout jobs until SIGTERM/SIGINT,
 * then drain (finish the jobs in flight) and exit. Says where it listens on stderr.
 */
export async function workerCommand(options: WorkerCommandOptions, io: CliIo, signal?: AbortSignal): Promise<void> {
  const concurrency = parseInteger(options.jobConcurrency ?? "8", "--job-concurrency");
  const pluginsDirectory = options.pluginsDir === undefined ? undefined : resolve(io.cwd, options.pluginsDir);
  if (pluginsDirectory && (!existsSync(pluginsDirectory) || !statSync(pluginsDirectory).isDirectory())) {
    throw new EnvriggerError("BAD_ARGUMENT", `--plugins-dir ${options.pluginsDir} is not a directory`);
  }
  for (const prefix of options.allowUrl ?? []) {
    if (!URL.canParse(prefix))
      throw new EnvriggerError(
        "BAD_ARGUMENT",
        `--allow-url expects a URL prefix like http://127.0.0.1:8000/, got "${prefix}"`,
      );
  }
  const optionalInteger = (value: string | undefined, name: IntegerOption) =>
    value === undefined ? undefined : parseInteger(value, name);
  const worker = await startRolloutWorker({
    url: options.queue,
    concurrency,
    pluginsDirectory,
    allowUrls: options.allowUrl ?? [],
    cwd: io.cwd,
    stackDependencies: productStackDependencies,
    lockDurationMs: optionalInteger(options.lockDurationMs, "--lock-duration-ms"),
    stalledIntervalMs: optionalInteger(options.stalledIntervalMs, "--stalled-interval-ms"),
    maxStalledCount: optionalInteger(options.maxStalledCount, "--max-stalled-count"),
    verbose: options.verbose,
    log: (line) => io.stderr(`${line}\n`),
  });
  io.stderr(
    `envrigger worker: serving queue ${ROLLOUT_QUEUE_NAME} on ${worker.display}, ${concurrency} job(s) at once; ` +
      `plugins ${pluginsDirectory ? `from ${pluginsDirectory}` : "refused"}; openenv URLs ${options.allowUrl?.length ? `under ${options.allowUrl.join(", ")}` : "refused"}\n`,
  );
  const reason = await stopRequested(signal);
  io.stderr(`envrigger worker: ${reason}, finishing the jobs in flight …\n`);
  await worker.close();
  const counts = worker.counts();
  io.stderr(
    `envrigger worker: stopped (${counts.completed} completed, ${counts.refused} refused, ${counts.failed} failed)\n`,
  );
}
