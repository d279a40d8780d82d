import { spawn, type ChildProcess } from "node:child_process";
import { servedUrl } from "./served-url.js";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { bugfixEnv } from "../src/bridges/bugfix/bugfix-env-definition.js";
import type { ActionableEnv } from "../src/core/actionable-env.js";
import type { PolicyHistoryEntry } from "../src/core/policy.js";
import { createRng, deriveSeed } from "../src/core/seeding.js";
import type { ToolSpec } from "../src/core/tool-spec.js";
import { bugfixPolicies } from "../src/policies/bugfix/bugfix-policies.js";
import { OpenEnvTestClient } from "../src/testing/openenv-test-client.js";
import { median } from "./measure.js";

const root = join(import.meta.dirname, "..");

/** Start `envrigger serve --env bugfix [extra]` in its own process on a free loopback port. */
async function startServer(extra: string[] = []): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    [
      "--no-node-snapshot",
      "--import",
      "tsx",
      join(root, "src", "cli", "main.ts"),
      "serve",
      "--env",
      "bugfix",
      "--port",
      "0",
      "--max-sessions",
      "80",
      "--json",
      ...extra,
    ],
    { cwd: root, stdio: ["ignore", "pipe", "inherit"] },
  );
  const url = await servedUrl(child);
  return { child, url };
}

/** Resident memory of a process, bytes (Linux /proc). */
function residentBytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) * 1024 : Number.NaN;
}

interface Observation {
  text: string;
}

/** One client running random-policy episodes over one socket for `seconds`; returns the steps taken. */
async function clientLoop(url: string, tools: ToolSpec[], worker: number, seconds: number): Promise<number> {
  const client = await OpenEnvTestClient.connect(url);
  const policy = bugfixPolicies.random!();
  let steps = 0;
  const deadline = performance.now() + seconds * 1000;
  for (let episode = 0; performance.now() < deadline; episode++) {
    const seed = deriveSeed(7, "serve-bench", worker, episode);
    const random = createRng(deriveSeed(seed, "policy"));
    const history: PolicyHistoryEntry[] = [];
    const reset = (await client.ask({ type: "reset", data: { seed } })) as { data: { observation: Observation } };
    let observation = { text: reset.data.observation.text };
    for (let turn = 0; ; turn++) {
      const action = await policy.act({ observation, tools, history, turn, rng: random.next, random });
      const reply = (await client.ask({
        type: "step",
        data: typeof action === "string" ? { text: action } : { name: action.name, args: action.args },
      })) as { data: { observation: Observation; done: boolean } };
      steps += 1;
      observation = { text: reply.data.observation.text };
      history.push({ action, observation });
      if (reply.data.done) break;
    }
  }
  client.close();
  return steps;
}

/** In-process BugFix steps/s with the random policy (env + policy), the same loop as the clients run. */
async function inProcessStepsPerSecond(env: ActionableEnv, seconds: number): Promise<number> {
  const tasks = (await bugfixEnv.listTasks("train")).map((task) => task.id);
  const tools = await env.tools();
  const policy = bugfixPolicies.random!();
  let steps = 0;
  const started = performance.now();
  for (let episode = 0; performance.now() - started < seconds * 1000; episode++) {
    const seed = deriveSeed(7, "serve-bench", 0, episode);
    const random = createRng(deriveSeed(seed, "policy"));
    const history: PolicyHistoryEntry[] = [];
    let { observation } = await env.reset({ taskId: tasks[seed % tasks.length]!, seed });
    for (let turn = 0; ; turn++) {
      const action = await policy.act({ observation, tools, history, turn, rng: random.next, random });
      const result = await env.step(action);
      steps += 1;
      history.push({ action, observation: result.observation });
      observation = result.observation;
      if (result.terminated || result.truncated) break;
    }
  }
  return steps / ((performance.now() - started) / 1000);
}

async function stopServer(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** The resident memory a fresh server gains for 64 idle sessions (each connected, one episode started), bytes. */
async function idleSessionsBytes(extra: string[]): Promise<{ before: number; added: number }> {
  const { child, url } = await startServer(extra);
  try {
    await fetch(`${url}/health`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = residentBytes(child.pid!);
    const idle: OpenEnvTestClient[] = [];
    for (let index = 0; index < 64; index++) {
      const client = await OpenEnvTestClient.connect(url);
      await client.ask({ type: "reset", data: { seed: index } });
      idle.push(client);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const added = residentBytes(child.pid!) - before;
    for (const client of idle) client.close();
    return { before, added };
  } finally {
    await stopServer(child);
  }
}

const hintRules = `export default defineRules({\n  filterObservation(observation, context) {\n    return { text: observation.text + "\\n(turn " + context.turn + ")" };\n  },\n});\n`;

/**
 * BugFix (random policy) steps per second through `envrigger serve` over loopback — the
 * server in its own process, 1 and 16 concurrent WebSocket sessions, the clients in this
 * one — beside the in-process figure of the same loop (medians of interleaved rounds); and the resident memory a fresh server gains for
 * 64 idle sessions, on bare BugFix tasks and on a one-Rules-layer stack (one isolate per
 * session).
 */
export async function benchServe(seconds = 1.5, rounds = 5) {
  const { child, url } = await startServer();
  const env = await bugfixEnv.create();
  await inProcessStepsPerSecond(env, 0.5); // warm-up, as the server is warmed up below
  // Interleaved rounds (in-process, 1 session, 16 sessions) and medians: the machine's load
  // changes by the second, so the three figures are compared under the same conditions.
  const samples: Record<"inProcess" | "one" | "sixteen", number[]> = { inProcess: [], one: [], sixteen: [] };
  try {
    const schema = (await (await fetch(`${url}/schema`)).json()) as {
      action: { "x-envrigger": { tools: ToolSpec[] } };
    };
    const tools = schema.action["x-envrigger"].tools;
    await clientLoop(url, tools, 99, 0.5); // warm-up
    const served = async (sessions: number) => {
      const started = performance.now();
      const steps = await Promise.all(
        Array.from({ length: sessions }, (_, worker) => clientLoop(url, tools, worker, seconds)),
      );
      return steps.reduce((sum, count) => sum + count, 0) / ((performance.now() - started) / 1000);
    };
    for (let round = 0; round < rounds; round++) {
      samples.inProcess.push(await inProcessStepsPerSecond(env, seconds));
      samples.one.push(await served(1));
      samples.sixteen.push(await served(16));
    }
  } finally {
    await env.close();
    await stopServer(child);
  }
  const inProcess = median(samples.inProcess);
  const throughput = { 1: median(samples.one), 16: median(samples.sixteen) };
  const bare = await idleSessionsBytes([]);
  const directory = mkdtempSync(join(tmpdir(), "serve-bench-"));
  const stackPath = join(directory, "stack.json");
  writeFileSync(
    stackPath,
    JSON.stringify({
      version: 1,
      base: { env: "bugfix", taskId: "clamp-0" },
      layers: [{ kind: "rules", source: hintRules }],
    }),
  );
  const rules = await idleSessionsBytes(["--stack", stackPath]);
  return {
    serveBugfixStepsPerSecondInProcess: Math.round(inProcess),
    serveBugfixStepsPerSecondOneSession: Math.round(throughput[1]!),
    serveBugfixStepsPerSecond16Sessions: Math.round(throughput[16]!),
    serveOneSessionOverInProcess: Number((throughput[1]! / inProcess).toFixed(4)),
    serve16SessionsOverOneSession: Number((throughput[16]! / throughput[1]!).toFixed(2)),
    serveFreshServerResidentMegabytes: Number((bare.before / 2 ** 20).toFixed(1)),
    serve64IdleBugfixSessionsMegabytes: Number((bare.added / 2 ** 20).toFixed(1)),
    serve64IdleRulesStackSessionsMegabytes: Number((rules.added / 2 ** 20).toFixed(1)),
  };
}
