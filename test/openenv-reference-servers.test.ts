import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOpenEnvDefinition } from "../src/bridges/openenv/openenv-env-definition.js";
import { productStackDependencies } from "../src/app/product-stack-dependencies.js";
import { checkEnv } from "../src/core/check-env.js";
import type { PolicyFactory } from "../src/core/policy.js";
import { runBaseline } from "../src/rollout/baseline.js";
import { loadServedSet } from "../src/serve/load-served-set.js";
import { startServeServer, type ServeServer } from "../src/serve/start-serve-server.js";
import {
  startOpenEnvReferenceServers,
  type OpenEnvReferenceServers,
} from "../src/testing/openenv-reference-servers.js";
import { SequencePolicy } from "../src/testing/sequence-policy.js";

/*
 * envrigger against OpenEnv's own servers: the reference envs of OpenEnv's repository served
 * by OpenEnv's server code at its defaults (grid_world_env and maze_env take one session,
 * echo_env is an MCP env), and OpenEnv's own Python client against `envrigger serve`.
 */

let servers: OpenEnvReferenceServers;
let serve: ServeServer | undefined;
beforeAll(async () => {
  servers = await startOpenEnvReferenceServers();
  if (!servers.available) console.warn(`skipping the OpenEnv reference-server tests: ${servers.reason}`);
}, 900_000);
afterAll(async () => {
  if (servers?.available) await servers.stop();
  await serve?.drain();
});

/** Grid world's goal is at [4, 4] from [0, 0]: four moves DOWN, then four RIGHT. */
const gridWalker: PolicyFactory = () =>
  new SequencePolicy(
    (input) => ({ name: "step", args: { action: input.history.length < 4 ? "DOWN" : "RIGHT" } }),
    "grid-walker",
  );

const urls = () => {
  if (!servers.available) throw new Error("unavailable");
  return servers.urls;
};

describe("OpenEnv's reference servers", () => {
  it("a baseline on one-session grid_world_env at the default concurrency: no episode errored, the same as one at a time", async (context) => {
    if (!servers.available) return context.skip();
    const env = createOpenEnvDefinition(urls().grid_world_env);
    const options = {
      env,
      policyName: "grid-walker",
      policy: gridWalker,
      split: "train" as const,
      episodes: 10,
      seed: 0,
    };
    const concurrent = (await runBaseline({ ...options, concurrency: 16 })).report;
    const serial = (await runBaseline({ ...options, concurrency: 1 })).report;
    expect(concurrent).toMatchObject({ episodes: 10, errored: 0, successRate: 1, stopReasons: { terminated: 10 } });
    expect(concurrent).toEqual(serial);
  }, 120_000);

  it("checkEnv passes on grid_world_env, maze_env and echo_env (their random episode_id ignored)", async (context) => {
    if (!servers.available) return context.skip();
    for (const name of ["grid_world_env", "maze_env", "echo_env"] as const) {
      const definition = createOpenEnvDefinition(urls()[name]);
      const report = await checkEnv(() => definition.create(), {
        taskId: "default",
        seed: 3,
        maxSteps: 6,
        checkSaveRestore: false,
      });
      expect(report, name).toMatchObject({ ok: true, issues: [], ignoredKeys: ["episode_id"] });
    }
  }, 120_000);

  it("grid world's observation text shows its position, not only its message", async (context) => {
    if (!servers.available) return context.skip();
    const env = await createOpenEnvDefinition(urls().grid_world_env).create();
    try {
      await env.reset({ taskId: "default", seed: 0 });
      const step = await env.step({ name: "step", args: { action: "DOWN" } });
      expect(step.observation.text).toBe('Keep going...\n{"x":1,"y":0}');
    } finally {
      await env.close();
    }
  }, 60_000);

  it("echo_env offers its own tools (tools/list) and calls them (call_tool), keeping a tool error's flag", async (context) => {
    if (!servers.available) return context.skip();
    const env = await createOpenEnvDefinition(urls().echo_env).create();
    try {
      const reset = await env.reset({ taskId: "default", seed: 0 });
      expect((await env.tools()).map((tool) => tool.name)).toEqual(["echo_message", "echo_with_length"]);
      expect(reset.observation.text).toMatch(/echo_message, echo_with_length/);
      const echoed = await env.step({ name: "echo_message", args: { message: "hello" } });
      expect(echoed.observation).toMatchObject({ text: "hello", data: { isError: false } });
      const unknown = await env.step({ name: "nope", args: {} });
      expect(unknown.observation).toMatchObject({ data: { isError: true } });
      expect(unknown.info.actionError).toMatch(/tool_not_found/);
    } finally {
      await env.close();
    }
  }, 60_000);
});

describe("OpenEnv's Python client against envrigger serve", () => {
  it("sees identical observations for identical seeds, on one socket and on two", async (context) => {
    if (!servers.available) return context.skip();
    serve = await startServeServer({
      set: await loadServedSet({ env: "bugfix", tasks: ["clamp-0", "range-0"] }),
      dependencies: productStackDependencies(),
      port: 0,
    });
    const script = join(mkdtempSync(join(tmpdir(), "openenv-client-")), "client.py");
    writeFileSync(
      script,
      [
        "import json, sys",
        "from openenv.core import GenericEnvClient",
        "def episode(client, seed):",
        "    reset = client.reset(seed=seed)",
        '    step = client.step({"name": "read", "args": {}})',
        "    return [reset.observation, step.observation, step.reward, step.done]",
        "out = {}",
        "with GenericEnvClient(base_url=sys.argv[1]).sync() as first:",
        "    out['first'] = [episode(first, seed) for seed in (1, 2, 1)]",
        "with GenericEnvClient(base_url=sys.argv[1]).sync() as second:",
        "    out['second'] = [episode(second, seed) for seed in (2, 1)]",
        "print(json.dumps(out))",
      ].join("\n"),
    );
    const { stdout } = await promisify(execFile)(servers.python, [script, serve.url], { timeout: 240_000 });
    const { first, second } = JSON.parse(stdout) as { first: unknown[][]; second: unknown[][] };
    expect(first[2]).toEqual(first[0]);
    expect(second[1]).toEqual(first[0]);
    expect(second[0]).toEqual(first[1]);
    expect(first[1]).not.toEqual(first[0]);
    expect(first[0]![0]).not.toHaveProperty("episode_id");
    // Python's start and OpenEnv's import take seconds, a minute on a loaded machine.
  }, 300_000);
});
