import { afterEach, describe, expect, it } from "vitest";
import { productStackDependencies } from "../bridges/product-stack-dependencies.js";
import type { HarnessStackSpec } from "../harness/harness-stack-spec.js";
import { CandidateStore } from "../rigger/candidate-store.js";
import { OpenEnvTestClient } from "../testing/openenv-test-client.js";
import { loadServedSet } from "./load-served-set.js";
import type { ServedSet } from "./served-member.js";
import { startServeServer, type ServeServer, type StartServeServerOptions } from "./start-serve-server.js";

/*
 * The protocol table of specs/openenv-protocol.md, message by message, against a running
 * `envrigger serve` (in process, loopback, a free port).
 */

const servers: ServeServer[] = [];
const clients: OpenEnvTestClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await Promise.all(servers.splice(0).map((server) => server.drain()));
});

const hostileSource = `export default defineRules({
  filterAction(action, context) {
    if (context.turn >= 1) { throw new Error("hostile component"); }
    return action;
  },
});
`;
const hostileSpec: HarnessStackSpec = {
  version: 1,
  base: { env: "bugfix", taskId: "clamp-1" },
  layers: [{ kind: "rules", source: hostileSource }],
};
const hostileId = CandidateStore.hashOf(hostileSpec);
/** A Rules hook that loops forever (cut by the sandbox's timeout) and one that exhausts its isolate's memory. */
const loopingSpec: HarnessStackSpec = {
  version: 1,
  base: { env: "bugfix", taskId: "clamp-2" },
  layers: [
    {
      kind: "rules",
      source: `export default defineRules({\n  filterObservation(observation, context) {\n    if (observation.text.startsWith("projection")) { while (true) {} }\n    return observation;\n  },\n});\n`,
    },
  ],
};
const bombSpec: HarnessStackSpec = {
  version: 1,
  base: { env: "bugfix", taskId: "clamp-3" },
  layers: [
    {
      kind: "rules",
      source: `export default defineRules({\n  filterObservation(observation, context) {\n    if (observation.text.startsWith("projection")) {\n      const blocks: number[][] = [];\n      while (true) blocks.push(new Array(100_000).fill(blocks.length));\n    }\n    return observation;\n  },\n});\n`,
    },
  ],
};

async function serve(options: Partial<StartServeServerOptions> = {}, set?: ServedSet): Promise<ServeServer> {
  const served = set ?? (await loadServedSet({ env: "bugfix", tasks: ["clamp-0", "range-0"] }));
  const server = await startServeServer({ set: served, dependencies: productStackDependencies(), port: 0, ...options });
  servers.push(server);
  return server;
}

async function connect(server: ServeServer): Promise<OpenEnvTestClient> {
  const client = await OpenEnvTestClient.connect(server.url);
  clients.push(client);
  return client;
}

const getJson = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as any };
};
const postJson = async (url: string, body: unknown) => {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
};

describe("envrigger serve over HTTP", () => {
  it("answers /health, /schema (the env's tools), /metadata (the served set) and refuses unknown routes", async () => {
    const server = await serve();
    expect(await getJson(`${server.url}/health`)).toEqual({ status: 200, body: { status: "healthy" } });
    const schema = (await getJson(`${server.url}/schema`)).body;
    expect(Object.keys(schema).sort()).toEqual(["action", "observation", "state"]);
    const titles = schema.action.anyOf.map((branch: { title: string }) => branch.title);
    expect(titles).toEqual(["read", "test", "edit", "submit", "text", "list_tools", "call_tool"]);
    expect(schema.action["x-envrigger"]).toMatchObject({
      version: 1,
      baseEnv: "bugfix",
      tools: expect.arrayContaining([expect.objectContaining({ name: "edit" })]),
    });
    const metadata = (await getJson(`${server.url}/metadata`)).body;
    expect(Object.keys(metadata)).toEqual(
      expect.arrayContaining(["name", "description", "readme_content", "version", "author", "documentation_url"]),
    );
    expect(metadata.served.members.map((member: { task_id: string }) => member.task_id)).toEqual([
      "clamp-0",
      "range-0",
    ]);
    expect((await getJson(`${server.url}/nowhere`)).status).toBe(404);
    expect((await postJson(`${server.url}/health`, {})).status).toBe(405);
  });

  it("serves stateless POST /reset, POST /step and GET /state; a bad body is 422 with pydantic-style detail", async () => {
    const server = await serve({ maxMessageBytes: 2_048 });
    const reset = await postJson(`${server.url}/reset`, { seed: 4, task_id: "range-0" });
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({
      reward: null,
      done: false,
      observation: { task_id: "range-0", seed: 4, turn: 0, max_turns: 6, success: null },
    });
    expect(reset.body.observation).not.toHaveProperty("metadata");
    const step = await postJson(`${server.url}/step`, { action: { text: "<call> submit </call>" }, request_id: "r1" });
    expect(step.body).toMatchObject({
      done: true,
      reward: expect.any(Number),
      observation: { stop: "submit", success: expect.any(Boolean) },
    });
    const bad = await postJson(`${server.url}/step`, { action: { name: 3 } });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0]).toMatchObject({
      loc: expect.arrayContaining(["body", "action"]),
      msg: expect.any(String),
    });
    const extra = await postJson(`${server.url}/step`, { action: { text: "x" }, extra: 1 });
    expect(extra.body.detail).toEqual([
      { type: "extra_forbidden", loc: ["body", "extra"], msg: "Extra inputs are not permitted", input: 1 },
    ]);
    expect((await postJson(`${server.url}/reset`, "{not json")).status).toBe(422);
    expect((await postJson(`${server.url}/reset`, { task_id: "nope" })).status).toBe(422);
    expect((await postJson(`${server.url}/reset`, { pad: "x".repeat(5_000) })).status).toBe(413);
    expect(await getJson(`${server.url}/state`)).toEqual({ status: 200, body: { episode_id: null, step_count: 0 } });
  });
});

describe("envrigger serve over WebSocket /ws", () => {
  it("reset: reward null and done false at the top of data; no seed → a drawn seed, reported; task_id and stack_id pick the member", async () => {
    const server = await serve();
    const client = await connect(server);
    const drawn = await client.ask({ type: "reset", data: {} });
    expect(drawn).toMatchObject({
      type: "observation",
      data: { reward: null, done: false, observation: { text: expect.any(String), seed: expect.any(Number), turn: 0 } },
    });
    expect(Object.keys(drawn.data).sort()).toEqual(["done", "observation", "reward"]);
    const noData = await client.ask({ type: "reset" });
    expect(noData.type).toBe("observation");
    const seeded = await client.ask({
      type: "reset",
      data: { seed: 9, episode_id: "ep-1", task_id: "clamp-0", prompt: "a TRL dataset column, ignored" },
    });
    expect(seeded.data.observation).toMatchObject({
      seed: 9,
      task_id: "clamp-0",
      stack: "bugfix",
      candidate_id: null,
    });
    // The episode id is in the state only, as in OpenEnv's reference envs: the same seed gives the same observation.
    expect(seeded.data.observation).not.toHaveProperty("episode_id");
    expect(await client.ask({ type: "state" })).toMatchObject({ data: { episode_id: "ep-1" } });
    const again = await client.ask({ type: "reset", data: { seed: 9, stack_id: seeded.data.observation.stack_id } });
    expect(again.data.observation).toEqual(seeded.data.observation);
    const unknown = await client.ask({ type: "reset", data: { task_id: "divide-9" } });
    expect(unknown).toMatchObject({
      type: "error",
      data: { code: "VALIDATION_ERROR", errors: [expect.objectContaining({ loc: ["task_id"] })] },
    });
    const badSeed = await client.ask({ type: "reset", data: { seed: -1 } });
    expect(badSeed.data).toMatchObject({
      code: "VALIDATION_ERROR",
      errors: [expect.objectContaining({ loc: ["seed"], input: -1 })],
    });
  });

  it("steps text and tool-call actions to the end: done, the verifier's success, and many resets on one socket", async () => {
    const server = await serve();
    const client = await connect(server);
    for (let episode = 0; episode < 6; episode++) {
      const reset = await client.ask({ type: "reset", data: { seed: episode, task_id: "clamp-0" } });
      expect(reset.data.observation.turn).toBe(0);
      const read = await client.ask({ type: "step", data: { name: "read", args: {} } });
      expect(read.data).toMatchObject({ reward: 0, done: false, observation: { turn: 1, stop: null, success: null } });
      const edit = await client.ask({ type: "step", data: { text: "<call> edit swap_minmax </call>" } });
      expect(edit.data.observation.text).toMatch(/edited|no change/);
      const submit = await client.ask({ type: "step", data: { name: "submit", args: {} } });
      expect(submit.data).toMatchObject({
        done: true,
        reward: expect.any(Number),
        observation: { stop: "submit", success: expect.any(Boolean), truncated: false },
      });
    }
    const state = await client.ask({ type: "state" });
    expect(state).toMatchObject({
      type: "state",
      data: { episode_id: expect.any(String), step_count: 3, task_id: "clamp-0", done: true },
    });
    const after = await client.ask({ type: "step", data: { text: "<call> read </call>" } });
    expect(after.data.code).toBe("EXECUTION_ERROR");
    expect(server.activeSessions).toBe(1);
  });

  it("ends an episode at the turn budget with truncated and stop budget", async () => {
    const server = await serve();
    const client = await connect(server);
    await client.ask({ type: "reset", data: { seed: 1, task_id: "clamp-0" } });
    let reply;
    for (let turn = 0; turn < 6; turn++)
      reply = await client.ask({ type: "step", data: { text: "<call> read </call>" } });
    expect(reply.data).toMatchObject({
      done: true,
      observation: { turn: 6, truncated: true, stop: "budget", success: false },
    });
  });

  it("answers every error of the table with its code, and stays open except on SESSION_ERROR", async () => {
    const server = await serve();
    const client = await connect(server);
    expect((await client.ask({ type: "step", data: { text: "<call> read </call>" } })).data).toMatchObject({
      code: "EXECUTION_ERROR",
      message: expect.stringMatching(/reset/),
    });
    expect((await client.ask({ raw: "{oops" })).data).toMatchObject({ code: "INVALID_JSON" });
    expect((await client.ask({ type: "dance" })).data).toEqual({
      code: "UNKNOWN_TYPE",
      message: "Unknown message type: dance",
    });
    expect((await client.ask({ data: {} })).data.code).toBe("UNKNOWN_TYPE");
    expect((await client.ask({ type: "step" })).data).toEqual({
      code: "VALIDATION_ERROR",
      message: "Invalid message",
      errors: [{ type: "missing", loc: ["data"], msg: "Field required", input: null }],
    });
    expect((await client.ask({ type: "state", extra: true })).data.errors).toEqual([
      { type: "extra_forbidden", loc: ["extra"], msg: "Extra inputs are not permitted", input: true },
    ]);
    await client.ask({ type: "reset", data: { seed: 0, task_id: "clamp-0" } });
    expect((await client.ask({ type: "step", data: { name: "read", args: "x" } })).data.code).toBe("VALIDATION_ERROR");
    expect((await client.ask({ type: "step", data: { bogus: 1 } })).data.code).toBe("VALIDATION_ERROR");
    // An unknown tool is the env's to refuse: a turn spent, reported as action_error.
    const unknownTool = await client.ask({ type: "step", data: { name: "fly", args: {} } });
    expect(unknownTool.data.observation.action_error).toMatch(/fly/);
    expect((await client.ask({ type: "step", data: { text: "<call> read </call>" } })).type).toBe("observation");
    const sessionError = await client.ask([1, 2]);
    expect(sessionError.data.code).toBe("SESSION_ERROR");
    expect((await client.closed).code).toBe(1000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.activeSessions).toBe(0);
  });

  it("close: no reply, close code 1000, the slot is freed", async () => {
    const server = await serve();
    const client = await connect(server);
    await client.ask({ type: "reset", data: { seed: 0 } });
    client.send({ type: "close" });
    expect(await client.closed).toEqual({ code: 1000, reason: "" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.activeSessions).toBe(0);
  });

  it("speaks MCPToolClient's list_tools / call_tool and mcp JSON-RPC tools/list, tools/call", async () => {
    const server = await serve();
    const client = await connect(server);
    const listed = await client.ask({ type: "step", data: { type: "list_tools" } });
    expect(listed.data.observation.tools.map((tool: { name: string }) => tool.name)).toEqual([
      "read",
      "test",
      "edit",
      "submit",
    ]);
    expect(listed.data.observation.tools[2].input_schema).toMatchObject({ type: "object" });
    await client.ask({ type: "reset", data: { seed: 2, task_id: "clamp-0" } });
    const called = await client.ask({
      type: "step",
      data: { type: "call_tool", tool_name: "read", arguments: {}, metadata: {} },
    });
    expect(called.data).toEqual({
      observation: { tool_name: "read", result: expect.stringMatching(/function clamp/), error: null },
      reward: 0,
      done: false,
    });
    const rpcList = await client.ask({ type: "mcp", data: { jsonrpc: "2.0", id: 1, method: "tools/list" } });
    expect(rpcList).toMatchObject({
      type: "mcp",
      data: {
        jsonrpc: "2.0",
        id: 1,
        result: {
          tools: expect.arrayContaining([expect.objectContaining({ name: "submit", inputSchema: expect.any(Object) })]),
        },
      },
    });
    const rpcCall = await client.ask({
      type: "mcp",
      data: { jsonrpc: "2.0", id: "c", method: "tools/call", params: { name: "submit", arguments: {} } },
    });
    expect(rpcCall.data).toMatchObject({
      id: "c",
      result: {
        content: [{ type: "text", text: expect.stringMatching(/submitted/) }],
        isError: false,
        structuredContent: { done: true, success: expect.any(Boolean) },
      },
    });
    expect(
      (await client.ask({ type: "mcp", data: { jsonrpc: "2.0", id: 3, method: "resources/list" } })).data.error.code,
    ).toBe(-32601);
    expect((await client.ask({ type: "mcp", data: { id: 4, method: "tools/list" } })).data.error.code).toBe(-32600);
    expect(
      (await client.ask({ type: "mcp", data: { jsonrpc: "2.0", id: 5, method: "tools/call", params: {} } })).data.error
        .code,
    ).toBe(-32602);
    expect(
      (
        await client.ask({
          type: "mcp",
          data: { jsonrpc: "2.0", id: 6, method: "tools/call", params: { name: "read" } },
        })
      ).data.error.code,
    ).toBe(-32603);
  });
});

describe("envrigger serve robustness", () => {
  it("refuses a connection beyond --max-sessions with the exact capacity message and close code 1000", async () => {
    const server = await serve({ maxSessions: 2 });
    const first = await connect(server);
    await connect(server);
    const third = await connect(server);
    expect(await third.next()).toEqual({
      type: "error",
      data: {
        message: "Server at capacity: 2/2 sessions active. Cannot accept new connections.",
        code: "CAPACITY_REACHED",
        active_sessions: 2,
        max_sessions: 2,
      },
    });
    expect((await third.closed).code).toBe(1000);
    first.send({ type: "close" });
    await first.closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const fourth = await connect(server);
    expect((await fourth.ask({ type: "reset", data: { seed: 1 } })).type).toBe("observation");
  });

  it("closes a session idle past --idle-timeout, frees its slot, and keeps a busy one open", async () => {
    const server = await serve({ idleTimeoutMs: 300 });
    const idle = await connect(server);
    const busy = await connect(server);
    await idle.ask({ type: "reset", data: { seed: 1 } });
    const started = Date.now();
    for (let index = 0; index < 8; index++) {
      expect((await busy.ask({ type: "reset", data: { seed: index } })).type).toBe("observation");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await idle.closed).toEqual({ code: 1000, reason: "idle timeout" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(server.activeSessions).toBe(1);
  });

  it("answers a message nested 100 000 deep with VALIDATION_ERROR and keeps the session; HTTP /step answers 422", async () => {
    const server = await serve();
    const client = await connect(server);
    const deep = `{"type":"state","x":${"[".repeat(100_000)}${"]".repeat(100_000)}}`;
    const reply = await client.ask({ raw: deep });
    expect(reply.data).toMatchObject({ code: "VALIDATION_ERROR", errors: [{ type: "json_too_deep", loc: [] }] });
    // An unterminated one is refused the same way (the depth scan runs before the parse).
    const open = await client.ask({ raw: `{"type":"state","x":${"[".repeat(100_000)}` });
    expect(open.data.errors[0].type).toBe("json_too_deep");
    expect((await client.ask({ type: "reset", data: { seed: 0, task_id: "clamp-0" } })).type).toBe("observation");
    const action = `{"action":{"name":"read","args":{"x":${"[".repeat(100_000)}${"]".repeat(100_000)}}}}`;
    const http = await postJson(`${server.url}/step`, action);
    expect(http.status).toBe(422);
    expect(http.body.detail[0]).toMatchObject({ type: "json_too_deep", loc: ["body"] });
  });

  it("closes a socket that sends a message over the size limit (1009); other sessions continue", async () => {
    const server = await serve({ maxMessageBytes: 4_096 });
    const big = await connect(server);
    const other = await connect(server);
    big.send({ type: "step", data: { text: "x".repeat(10_000) } });
    expect((await big.closed).code).toBe(1009);
    expect((await other.ask({ type: "reset", data: { seed: 3 } })).type).toBe("observation");
  });

  it("a hostile component: EXECUTION_ERROR and a clean episode end for its session while another session keeps stepping", async () => {
    const bare = await loadServedSet({ env: "bugfix", tasks: ["clamp-0"] });
    const set: ServedSet = {
      ...bare,
      members: [...bare.members, { stackId: hostileId, taskId: "clamp-1", spec: hostileSpec }],
      weights: [1, 1],
    };
    const server = await serve({}, set);
    const hostile = await connect(server);
    const healthy = await connect(server);
    expect((await hostile.ask({ type: "reset", data: { seed: 1, stack_id: hostileId } })).data.observation.stack).toBe(
      "Rules<bugfix>",
    );
    await healthy.ask({ type: "reset", data: { seed: 1, task_id: "clamp-0" } });
    expect((await hostile.ask({ type: "step", data: { text: "<call> read </call>" } })).type).toBe("observation");
    const failed = await hostile.ask({ type: "step", data: { text: "<call> read </call>" } });
    expect(failed.data).toMatchObject({ code: "EXECUTION_ERROR", message: expect.stringMatching(/hostile component/) });
    expect((await hostile.ask({ type: "state" })).data).toMatchObject({ done: true });
    for (let turn = 0; turn < 3; turn++)
      expect((await healthy.ask({ type: "step", data: { text: "<call> read </call>" } })).data.observation.turn).toBe(
        turn + 1,
      );
    // The failed session can start again: its stack is rebuilt.
    expect((await hostile.ask({ type: "reset", data: { seed: 2, stack_id: hostileId } })).type).toBe("observation");
    expect((await hostile.ask({ type: "step", data: { text: "<call> read </call>" } })).type).toBe("observation");
    expect(server.activeSessions).toBe(2);
  });

  it("a looping hook and a memory bomb fail only their own sessions, in parallel with a healthy one", async () => {
    const bare = await loadServedSet({ env: "bugfix", tasks: ["clamp-0"] });
    const members = [
      ...bare.members,
      ...[loopingSpec, bombSpec].map((spec) => ({
        stackId: CandidateStore.hashOf(spec),
        taskId: spec.base.taskId,
        spec,
      })),
    ];
    const server = await serve({}, { ...bare, members, weights: members.map(() => 1) });
    const healthy = await connect(server);
    await healthy.ask({ type: "reset", data: { seed: 1, task_id: "clamp-0" } });
    const hostile = await Promise.all(
      ["clamp-2", "clamp-3"].map(async (taskId) => {
        const client = await connect(server);
        await client.ask({ type: "reset", data: { seed: 1, task_id: taskId } });
        return client;
      }),
    );
    const failures = Promise.all(
      hostile.map((client) => client.ask({ type: "step", data: { text: "<call> read </call>" } }, 20_000)),
    );
    for (let episode = 0; episode < 3; episode++) {
      await healthy.ask({ type: "reset", data: { seed: episode, task_id: "clamp-0" } });
      expect((await healthy.ask({ type: "step", data: { text: "<call> test </call>" } })).type).toBe("observation");
    }
    const [looping, bomb] = await failures;
    expect(looping.data).toMatchObject({
      code: "EXECUTION_ERROR",
      message: expect.stringMatching(/longer than|timed out|timeout/i),
    });
    expect(bomb.data).toMatchObject({ code: "EXECUTION_ERROR", message: expect.stringMatching(/memory/i) });
    // Both recover with a fresh stack on their next reset.
    for (const client of hostile)
      expect((await client.ask({ type: "reset", data: { seed: 2, task_id: "clamp-0" } })).type).toBe("observation");
    expect(server.activeSessions).toBe(3);
  }, 30_000);

  it("drains: open sessions finish and close cleanly (1001), new connections are refused", async () => {
    const server = await serve();
    const client = await connect(server);
    await client.ask({ type: "reset", data: { seed: 1 } });
    client.send({ type: "step", data: { text: "<call> read </call>" } });
    const reply = client.next();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const drained = server.drain();
    expect(((await reply) as { type: string }).type).toBe("observation");
    expect(await client.closed).toEqual({ code: 1001, reason: "server shutting down" });
    await drained;
    await expect(OpenEnvTestClient.connect(server.url)).rejects.toThrow();
  });
});
