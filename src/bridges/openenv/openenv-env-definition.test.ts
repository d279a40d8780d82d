import { afterEach, describe, expect, it } from "vitest";
import { checkEnv } from "../../core/check-env.js";
import { isEnvriggerError } from "../../core/errors.js";
import type { JsonObject } from "../../core/json.js";
import { startOpenEnvTestServer, type OpenEnvTestServer } from "../../testing/openenv-test-server.js";
import { createOpenEnvDefinition } from "./openenv-env-definition.js";

const servers: OpenEnvTestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(options: Parameters<typeof startOpenEnvTestServer>[0] = {}) {
  const server = await startOpenEnvTestServer(options);
  servers.push(server);
  return server;
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

describe("createOpenEnvDefinition", () => {
  it("names itself after the URL, lists the one default task, and refuses bad URLs and options", async () => {
    const server = await serve();
    const definition = createOpenEnvDefinition(`${server.url}/ws`);
    expect(definition.id).toBe(`openenv:${server.url}/ws`);
    expect(await definition.listTasks("train")).toHaveLength(1);
    expect(() => createOpenEnvDefinition("localhost:8000")).toThrow(expect.objectContaining({ code: "BAD_CONFIG" }));
    const badOptions: JsonObject[] = [
      { maxTurns: 0 },
      { successReward: "high" },
      { capacityAttempts: 0 },
      { messageTimeoutMs: -1 },
      { turns: 3 },
    ];
    for (const options of badOptions)
      expect((await failureOf(() => definition.create(options))).code, JSON.stringify(options)).toBe("BAD_CONFIG");
    const env = await definition.create();
    expect(env.id).toBe(`openenv:${server.url}/ws`);
    expect((await env.reset({ taskId: "default", seed: 0 })).info.maxTurns).toBe(50);
    await env.close();
  });

  it("reads /health at start: an unreachable server is a clear error, quickly", async () => {
    const server = await serve();
    const url = server.url;
    await server.close();
    const failure = await failureOf(() => createOpenEnvDefinition(url).create({ httpTimeoutMs: 2_000 }));
    expect(failure.code).toBe("REMOTE_ENV");
    expect(failure.message).toMatch(
      new RegExp(
        `cannot reach the OpenEnv server: GET ${url}/health failed: .*ECONNREFUSED[\\s\\S]*hint: start the OpenEnv server`,
      ),
    );
  });

  it("refuses an unhealthy server, an HTTP error and a server that is not OpenEnv", async () => {
    const unhealthy = await serve({ health: "unhealthy" });
    expect((await failureOf(() => createOpenEnvDefinition(unhealthy.url).create())).message).toMatch(
      /reports status "unhealthy"/,
    );
    const down = await serve({ health: "http-503" });
    expect((await failureOf(() => createOpenEnvDefinition(down.url).create())).message).toMatch(
      /answered GET .*\/health with HTTP 503/,
    );
    const healthy = await serve();
    expect((await failureOf(() => createOpenEnvDefinition(`${healthy.url}/elsewhere`).create())).message).toMatch(
      /HTTP 404[\s\S]*is this an OpenEnv server/,
    );
    const degraded = await serve({ health: "degraded" });
    await (await createOpenEnvDefinition(degraded.url).create()).close();
  });

  it("passes checkEnv (save/restore check off) on random walks and on a scripted episode", async () => {
    // checkEnv uses one instance at a time, and ignores the random episode_id of the server's state.
    const server = await serve({ maxSessions: 1 });
    const definition = createOpenEnvDefinition(server.url);
    const create = () => definition.create({ messageTimeoutMs: 2_000 });
    for (const seed of [0, 5]) {
      const report = await checkEnv(create, { taskId: "default", seed, maxSteps: 6, checkSaveRestore: false });
      expect(report.issues, `seed ${seed}`).toEqual([]);
      expect(report.steps).toBeGreaterThanOrEqual(2);
    }
    const actions = [
      { name: "step", args: { amount: 1 } },
      "oops",
      '{"name": "step", "arguments": {"amount": 7}}',
      { name: "step", args: { amount: 2 } },
    ];
    expect(await checkEnv(create, { taskId: "default", seed: 0, actions, checkSaveRestore: false })).toEqual({
      ok: true,
      issues: [],
      steps: 4,
      ignoredKeys: ["episode_id"],
    });
    expect(server.activeSessions).toBe(0);
  });
});
