import { afterEach, describe, expect, it } from "vitest";
import { getJson, postJson, serveTestServers } from "../testing/serve-test-servers.js";

/*
 * The protocol table of specs/openenv-protocol.md, message by message, against a running
 * `envrigger serve` (in process, loopback, a free port). Limits and failures:
 * serve-server-robustness.test.ts.
 */

const { serve, connect, close } = serveTestServers();
afterEach(close);

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
