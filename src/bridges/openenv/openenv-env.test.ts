import { performance } from "node:perf_hooks";
import { afterEach, describe, expect, it } from "vitest";
import type { ActionableEnv } from "../../core/actionable-env.js";
import { isEnvriggerError } from "../../core/errors.js";
import type { JsonObject } from "../../core/json.js";
import {
  startOpenEnvTestServer,
  type OpenEnvTestServer,
  type OpenEnvTestServerOptions,
} from "../../testing/openenv-test-server.js";
import { createOpenEnvDefinition } from "./openenv-env-definition.js";

const servers: OpenEnvTestServer[] = [];
const envs: ActionableEnv[] = [];
afterEach(async () => {
  await Promise.all(envs.splice(0).map((env) => env.close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A test server and an env on it (both closed after the test). */
async function setUp(serverOptions: OpenEnvTestServerOptions = {}, envOptions: JsonObject = {}) {
  const server = await startOpenEnvTestServer(serverOptions);
  servers.push(server);
  const env = await createOpenEnvDefinition(server.url).create({
    messageTimeoutMs: 2_000,
    connectTimeoutMs: 2_000,
    capacityBackoffMs: 10,
    // The tests below count connections; the capacity probe has tests of its own.
    capacityProbeLimit: 0,
    ...envOptions,
  });
  envs.push(env);
  return { server, env };
}

async function failureOf(run: () => Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await run();
  } catch (error) {
    if (isEnvriggerError(error)) return { code: error.code, message: error.message };
    return { code: "not an EnvriggerError", message: String(error) };
  }
  return { code: "none", message: "did not throw" };
}

const step = (amount: number) => ({ name: "step", args: { amount } });

describe("OpenEnvEnv episodes", () => {
  it("plays a full episode over the WebSocket protocol: done → terminated, the server's reward, success", async () => {
    const { server, env } = await setUp();
    expect(await env.tools()).toEqual([
      {
        name: "step",
        description: expect.stringContaining("(CounterAction)"),
        inputSchema: expect.objectContaining({ required: ["amount"] }),
      },
    ]);
    expect(await env.listTasks("train")).toEqual([{ id: "default", split: "train", instruction: expect.any(String) }]);
    expect(await env.listTasks("heldout")).toEqual([]);
    const reset = await env.reset({ taskId: "default", seed: 1 });
    expect(reset.observation).toEqual({
      text: 'count 0, target 4\n{"count":0,"target":4}',
      data: {
        isError: false,
        observation: { message: "count 0, target 4", count: 0, target: 4 },
        reward: null,
        done: false,
      },
    });
    // OpenEnv sends no reward on reset, and metadata never crosses the wire.
    expect(reset.info).toEqual({ taskId: "default", maxTurns: 50, done: false, serverReward: null });
    const first = await env.step(step(2));
    expect(first).toMatchObject({
      reward: 0,
      terminated: false,
      truncated: false,
      info: { stop: null, actionError: null, turns: 1, done: false, serverReward: 0 },
    });
    expect(first.info).not.toHaveProperty("metadata");
    expect(await env.stateView()).toMatchObject({
      turn: 1,
      done: false,
      serverState: { episode_id: expect.any(String), step_count: 1, count: 2, target: 4 },
    });
    const last = await env.step('{"name": "step", "arguments": {"amount": 2}}');
    expect(last).toMatchObject({
      reward: 1,
      terminated: true,
      truncated: false,
      info: { stop: "terminated", done: true, serverReward: 1 },
    });
    expect(last.observation.text).toBe('count 4, target 4\n{"count":4,"target":4}');
    expect(await env.evaluate()).toEqual({
      success: true,
      score: 1,
      metrics: {
        done: true,
        truncated: false,
        lastReward: 1,
        totalReward: 1,
        turns: 2,
        maxTurns: 50,
        actionErrors: 0,
        successReward: null,
      },
    });
    expect((await failureOf(() => env.step(step(1)))).code).toBe("EPISODE_OVER");
    expect(server.received).toEqual([
      { connection: 1, message: { type: "reset", data: { seed: 1 } } },
      { connection: 1, message: { type: "step", data: { amount: 2 } } },
      { connection: 1, message: { type: "state" } },
      { connection: 1, message: { type: "step", data: { amount: 2 } } },
    ]);
  });

  it("reuses one socket across resets (as OpenEnv's client and TRL's pooled clients do), closing it only at close()", async () => {
    const { server, env } = await setUp({ maxSessions: 1 });
    await env.reset({ taskId: "default", seed: 0 });
    await env.step(step(1));
    await env.reset({ taskId: "default", seed: 2 });
    expect((await env.step(step(3))).info.stop).toBe(null);
    await env.close();
    await env.close();
    expect(server.connections).toBe(1);
    expect(server.received.map((entry) => [entry.connection, (entry.message as JsonObject).type])).toEqual([
      [1, "reset"],
      [1, "step"],
      [1, "reset"],
      [1, "step"],
      [1, "close"],
    ]);
    expect(server.activeSessions).toBe(0);
    expect((await failureOf(() => env.step(step(1)))).code).toBe("ENV_CLOSED");
  });

  it("fails an overshoot, truncates at the turn budget, and honours successReward", async () => {
    const { env } = await setUp({}, { maxTurns: 2 });
    await env.reset({ taskId: "default", seed: 0 });
    await env.step(step(2));
    expect(await env.step(step(3))).toMatchObject({ reward: -1, terminated: true, info: { stop: "terminated" } });
    expect(await env.evaluate()).toMatchObject({ success: false, score: -1 });
    await env.reset({ taskId: "default", seed: 0 });
    await env.step(step(1));
    expect(await env.step(step(1))).toMatchObject({
      reward: 0,
      terminated: false,
      truncated: true,
      info: { stop: "budget", turns: 2 },
    });
    expect(await env.evaluate()).toMatchObject({ success: false, metrics: { truncated: true } });
    const strict = (await setUp({}, { successReward: 2 })).env;
    await strict.reset({ taskId: "default", seed: 0 });
    await strict.step(step(3));
    expect(await strict.evaluate()).toMatchObject({
      success: false,
      score: 1,
      metrics: { done: true, successReward: 2 },
    });
  });

  it("reports malformed texts, unknown tools and actions the server refuses as action errors, each a turn", async () => {
    const { server, env } = await setUp();
    await env.reset({ taskId: "default", seed: 0 });
    const malformed = await env.step("add two please");
    expect(malformed).toMatchObject({
      reward: 0,
      terminated: false,
      observation: { data: { isError: true } },
      info: { actionError: expect.stringMatching(/malformed call/), turns: 1 },
    });
    expect((await env.step({ name: "add", args: { amount: 1 } })).info.actionError).toMatch(
      /unknown tool "add"; the only tool is step/,
    );
    const refused = await env.step(step(9));
    expect(refused.info.actionError).toMatch(/the server refused the action: Invalid message \(amount: .*\)/);
    expect(refused.observation.data).toMatchObject({
      isError: true,
      errors: [expect.objectContaining({ loc: ["amount"] })],
    });
    expect(await env.stateView()).toMatchObject({ turn: 3, actionErrors: 3, serverState: { step_count: 0 } });
    expect((await env.step(step(3))).info).toMatchObject({ stop: "terminated", actionError: null });
    expect(server.received.filter((entry) => (entry.message as JsonObject).type === "step")).toHaveLength(2);
  });

  it("maps other server errors to clear REMOTE_ENV errors", async () => {
    const { env } = await setUp({ raiseOnAmount: 2 });
    await env.reset({ taskId: "default", seed: 0 });
    const failure = await failureOf(() => env.step(step(2)));
    expect(failure.code).toBe("REMOTE_ENV");
    expect(failure.message).toMatch(
      /answered step with EXECUTION_ERROR: the counter raised on amount 2[\s\S]*hint: the environment raised/,
    );
    expect((await env.step(step(3))).terminated).toBe(true);
    expect((await failureOf(() => env.reset({ taskId: "level-2", seed: 0 }))).code).toBe("UNKNOWN_TASK");
  });

  it("a SESSION_ERROR reply loses the session (the server closes it); the next reset opens a new connection", async () => {
    const { server, env } = await setUp({ sessionErrorOnAmount: 2 });
    await env.reset({ taskId: "default", seed: 0 });
    const failure = await failureOf(() => env.step(step(2)));
    expect(failure).toMatchObject({
      code: "REMOTE_ENV",
      message: expect.stringMatching(/SESSION_ERROR: Session error/),
    });
    expect(await failureOf(() => env.step(step(1)))).toEqual(failure);
    await env.reset({ taskId: "default", seed: 0 });
    expect((await env.step(step(3))).terminated).toBe(true);
    expect(server.connections).toBe(2);
  });

  it("cannot restore a saved episode (the protocol has no save/restore), with a clear error", async () => {
    const { env } = await setUp();
    await env.reset({ taskId: "default", seed: 0 });
    const saved = await env.saveState();
    expect(saved).toMatchObject({ restorable: false, taskId: "default", seed: 0, turns: 0 });
    const failure = await failureOf(() => env.restoreState(saved));
    expect(failure.code).toBe("BAD_ARGUMENT");
    expect(failure.message).toMatch(/cannot restore[\s\S]*checkSaveRestore: false/);
  });
});

describe("OpenEnvEnv failures are bounded", () => {
  it("a connection dropped mid-episode is a clear error at once, for this step and the next; reset recovers", async () => {
    const { server, env } = await setUp({ dropAfterMessages: 3 });
    await env.reset({ taskId: "default", seed: 0 });
    await env.step(step(1));
    const started = performance.now();
    const failure = await failureOf(() => env.step(step(1)));
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(failure.code).toBe("REMOTE_ENV");
    expect(failure.message).toMatch(
      /closed the connection \(code 1006.*\) while waiting for a reply; this session is lost[\s\S]*hint: call reset\(\)/,
    );
    expect(await failureOf(() => env.step(step(1)))).toEqual(failure);
    await env.reset({ taskId: "default", seed: 0 });
    expect((await env.step(step(3))).terminated).toBe(true);
    expect(server.connections).toBe(2);
  });

  it("a server that stops answering times out (messageTimeoutMs) instead of hanging", async () => {
    const { env } = await setUp({ silentAfterMessages: 1 }, { messageTimeoutMs: 150 });
    await env.reset({ taskId: "default", seed: 0 });
    const started = performance.now();
    const failure = await failureOf(() => env.step(step(1)));
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(140);
    expect(elapsed).toBeLessThan(1_500);
    expect(failure).toMatchObject({
      code: "REMOTE_ENV",
      message: expect.stringMatching(/sent no reply to step within 150 ms; the session was cut/),
    });
  });

  it("retries CAPACITY_REACHED with exponential backoff, then starts the episode", async () => {
    const { server, env } = await setUp({ refuseFirstConnections: 2 }, { capacityBackoffMs: 40, capacityAttempts: 3 });
    const started = performance.now();
    const reset = await env.reset({ taskId: "default", seed: 0 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(40 + 80 - 5);
    expect(reset.observation.text).toBe('count 0, target 3\n{"count":0,"target":3}');
    expect(server.connections).toBe(3);
    expect(server.received).toEqual([{ connection: 3, message: { type: "reset", data: { seed: 0 } } }]);
  });

  it("gives up with a clear error when the server stays at capacity", async () => {
    const { server, env } = await setUp(
      { refuseFirstConnections: 100 },
      { capacityBackoffMs: 10, capacityAttempts: 3 },
    );
    const started = performance.now();
    const failure = await failureOf(() => env.reset({ taskId: "default", seed: 0 }));
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(failure.code).toBe("REMOTE_ENV");
    expect(failure.message).toMatch(
      /stayed at capacity: 3 connections refused over 30 ms \(CAPACITY_REACHED: Server at capacity[^)]*\)[\s\S]*hint: raise the server's max_concurrent_envs/,
    );
    expect(server.connections).toBe(3);
    expect((await failureOf(() => env.step(step(1)))).code).toBe("EPISODE_NOT_STARTED");
  });

  it("a second env on a one-session server waits for capacity while the first holds it, and gets it once freed", async () => {
    const { server, env } = await setUp({ maxSessions: 1 }, { capacityBackoffMs: 30, capacityAttempts: 6 });
    const other = await createOpenEnvDefinition(server.url).create({
      capacityBackoffMs: 30,
      capacityAttempts: 6,
      capacityProbeLimit: 0,
    });
    envs.push(other);
    await env.reset({ taskId: "default", seed: 0 });
    const waiting = other.reset({ taskId: "default", seed: 1 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await env.close();
    expect((await waiting).observation.text).toBe('count 0, target 4\n{"count":0,"target":4}');
    expect(server.connections).toBeGreaterThanOrEqual(3);
  });
});
