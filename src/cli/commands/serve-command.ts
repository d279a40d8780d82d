import { splitSelectionSchema, type SplitSelection } from "../../core/task.js";
import { productStackDependencies } from "../../app/product-stack-dependencies.js";
import { loadServedSet } from "../../serve/load-served-set.js";
import { memberWeightingSchema, type ServedSet } from "../../serve/served-member.js";
import { isLoopbackHost } from "../../serve/serve-options.js";
import { startServeServer, type ServeServer } from "../../serve/start-serve-server.js";
import type { CliIo } from "../cli-io.js";
import { parseChoice, parseInteger } from "../parse-arguments.js";

/** Raw options of `envrigger serve`. */
export interface ServeCommandOptions {
  env?: string;
  task?: string;
  stack?: string;
  candidates?: string;
  run?: string;
  split?: string;
  weights?: string;
  host?: string;
  port?: string;
  maxSessions?: string;
  idleTimeout?: string;
  maxMessageBytes?: string;
  json?: boolean;
}

/** Signals that drain the server. */
const stopSignals = ["SIGTERM", "SIGINT"] as const;

/**
 * Call `onGone` once the process that started this one has ended, when npm started it
 * (`npx envrigger serve`, an npm script: npm sets `npm_command`). A stop signal sent to
 * npm's process does not reach the server: npm ends, and so does the shell it ran the
 * command in, and the server is left to init, still serving. Following the parent makes
 * SIGTERM or SIGINT to npm's process drain and stop the server too. A server started
 * otherwise (its launcher, `node …/main.js`, `nohup`) keeps running when its parent ends.
 * Answers a function that stops watching.
 */
function whenNpmParentEnds(onGone: () => void): () => void {
  if (process.env.npm_command === undefined) return () => {};
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid !== parent) onGone();
  }, 200);
  watch.unref();
  return () => clearInterval(watch);
}

/**
 * Before listening, do what the first session of a Rules stack would otherwise wait for
 * (seconds on a loaded machine, against tens of ms for a reset of the bare env): load the
 * TypeScript compiler and check and transpile every served Rules source (cached per source;
 * a source that fails is reported by the session that resets on it, as before), and start
 * the threads of the shared pool that runs the groups (they stay until the server drained:
 * answers the pool, to close then).
 */
async function prepareServedRules(set: ServedSet): Promise<{ close(): void } | undefined> {
  const sources = new Set(
    set.members.flatMap((member) =>
      member.spec.layers.flatMap((layer) => (layer.kind === "rules" ? [layer.source] : [])),
    ),
  );
  if (sources.size === 0) return undefined;
  const [{ prepareGroupComponents }, { sharedRulesGroupPool }] = await Promise.all([
    import("../../sandbox/rules/component-loader.js"),
    import("../../sandbox/rules/worker/rules-group-pool.js"),
  ]);
  for (const source of sources) prepareGroupComponents([source]);
  const pool = sharedRulesGroupPool();
  await pool.warm();
  return pool;
}

/**
 * `envrigger serve`: serve an env, a stack, stored candidates or a run's accepted stacks
 * over OpenEnv's protocol until SIGTERM / SIGINT (or, started by npm, until npm's process
 * ends: see `whenNpmParentEnds`), then drain (no new sessions; open ones
 * finish their message and are closed cleanly) and return. `waitForStop` replaces the
 * signal wait (tests).
 */
export async function serveCommand(
  options: ServeCommandOptions,
  io: CliIo,
  waitForStop?: (server: ServeServer) => Promise<void>,
): Promise<void> {
  const split = parseChoice(options.split ?? "train", "--split", splitSelectionSchema.options) as SplitSelection;
  const weighting = parseChoice(options.weights ?? "uniform", "--weights", memberWeightingSchema.options);
  const host = options.host ?? "127.0.0.1";
  const port = parseInteger(options.port ?? "8000", "--port");
  const maxSessions = parseInteger(options.maxSessions ?? "64", "--max-sessions");
  const idleTimeoutSeconds = parseInteger(options.idleTimeout ?? "600", "--idle-timeout");
  const maxMessageBytes = parseInteger(options.maxMessageBytes ?? String(10 * 1024 * 1024), "--max-message-bytes");
  const tasks = options.task
    ?.split(",")
    .map((id) => id.trim())
    .filter(Boolean);
  const set = await loadServedSet({
    env: options.env,
    tasks,
    stack: options.stack,
    candidates: options.candidates,
    run: options.run,
    split,
    weighting,
    cwd: io.cwd,
  });
  if (!isLoopbackHost(host)) {
    io.stderr(
      `warning: binding ${host}, not loopback: anyone who can reach this address can run episodes (and the stacks' Rules code) on this machine; envrigger serve has no authentication\n`,
    );
  }
  const rulesPool = await prepareServedRules(set);
  const server = await startServeServer({
    set,
    dependencies: productStackDependencies(io.cwd, { rulesGroupsInWorkers: true }),
    host,
    port,
    maxSessions,
    idleTimeoutMs: idleTimeoutSeconds * 1000,
    maxMessageBytes,
    log: (line) => io.stderr(`serve: ${line}\n`),
  });
  const listening = {
    url: server.url,
    webSocket: `${server.url.replace(/^http/, "ws")}/ws`,
    env: set.envId,
    stacks: set.members.length,
    tasks: [...new Set(set.members.map((member) => member.taskId))].length,
    maxSessions,
  };
  io.stdout(
    options.json
      ? `${JSON.stringify(listening)}\n`
      : `envrigger serve: listening on ${listening.url} (OpenEnv; WebSocket ${listening.webSocket}) — ${listening.stacks} stack(s) of ${set.envId} over ${listening.tasks} task(s), up to ${maxSessions} sessions\n`,
  );
  if (waitForStop) await waitForStop(server);
  else {
    await new Promise<void>((resolve) => {
      const stop = () => {
        for (const signal of stopSignals) process.off(signal, stop);
        stopWatching();
        resolve();
      };
      for (const signal of stopSignals) process.on(signal, stop);
      const stopWatching = whenNpmParentEnds(stop);
    });
  }
  io.stderr(`envrigger serve: draining ${server.activeSessions} session(s)\n`);
  await server.drain();
  rulesPool?.close();
  io.stderr("envrigger serve: stopped\n");
}
