import { afterEach, describe, expect, it } from "vitest";
import type { ActionableEnv } from "../../core/actionable-env.js";
import type { JsonObject } from "../../core/json.js";
import { startOpenEnvTestServer, type OpenEnvTestServer } from "../../testing/openenv-test-server.js";
import { createOpenEnvDefinition } from "./openenv-env-definition.js";
import { openEnvSessionGate } from "./openenv-session-gate.js";

const servers: OpenEnvTestServer[] = [];
const envs: ActionableEnv[] = [];
afterEach(async () => {
  await Promise.all(envs.splice(0).map((env) => env.close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const options: JsonObject = {
  messageTimeoutMs: 2_000,
  connectTimeoutMs: 2_000,
  capacityBackoffMs: 10,
  idleSessionMs: 30,
};

async function serverWith(maxSessions: number): Promise<OpenEnvTestServer> {
  const server = await startOpenEnvTestServer({ maxSessions });
  servers.push(server);
  return server;
}

async function create(server: OpenEnvTestServer, extra: JsonObject = {}): Promise<ActionableEnv> {
  const env = await createOpenEnvDefinition(server.url).create({ ...options, ...extra });
  envs.push(env);
  return env;
}

/** Play the counter to its target (seed s: target 3 + s mod 3) one step at a time. */
async function play(env: ActionableEnv, seed: number): Promise<boolean> {
  await env.reset({ taskId: "default", seed });
  for (let turn = 0; turn < 3 + (seed % 3); turn++) await env.step({ name: "step", args: { amount: 1 } });
  return (await env.evaluate()).success;
}

const settled = async <T>(promise: Promise<T>, ms: number): Promise<boolean> =>
  Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

describe("OpenEnv sessions are the server's to count", () => {
  it("the first env of a server probes its capacity (the refusal's max_sessions) and frees the probe sessions", async () => {
    const server = await serverWith(2);
    const env = await create(server);
    expect(openEnvSessionGate(`${server.url.replace("http", "ws")}/ws`).capacity).toBe(2);
    // Two probe sessions opened, a third refused; all closed, so the episode gets a session at once.
    expect(server.connections).toBe(3);
    expect(await play(env, 0)).toBe(true);
  });

  it("a probe that reaches its limit leaves the capacity unknown (no limit kept)", async () => {
    const server = await serverWith(4);
    await create(server, { capacityProbeLimit: 2 });
    expect(openEnvSessionGate(`${server.url.replace("http", "ws")}/ws`).capacity).toBeNull();
  });

  it("on a one-session server a second env waits in create until the first's session is idle between episodes, then takes it", async () => {
    const server = await serverWith(1);
    const first = await create(server);
    await first.reset({ taskId: "default", seed: 0 });
    const secondCreated = create(server);
    // The first env is inside an episode: its session is not given away.
    expect(await settled(secondCreated, 120)).toBe(false);
    for (let turn = 0; turn < 3; turn++) await first.step({ name: "step", args: { amount: 1 } });
    const second = await secondCreated;
    expect(await play(second, 1)).toBe(true);
    // The first env kept what its episode showed: the server's final state, and the verdict.
    expect(await first.stateView()).toMatchObject({ done: true, serverState: { count: 3, target: 3 } });
    expect((await first.evaluate()).success).toBe(true);
    // Its next episode waits for a session again, and gets the second's once that is idle.
    expect(await play(first, 2)).toBe(true);
  });

  it("envs beyond the capacity each run their episodes in turn without a refusal reaching them", async () => {
    const server = await serverWith(1);
    const results = await Promise.all(
      [0, 1, 2].map(async (seed) => {
        const env = await create(server);
        const success = await play(env, seed);
        await env.close();
        return success;
      }),
    );
    expect(results).toEqual([true, true, true]);
  });
});
