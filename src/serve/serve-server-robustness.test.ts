import { afterEach, describe, expect, it } from "vitest";
import type { HarnessStackSpec } from "../harness/harness-stack-spec.js";
import { CandidateStore } from "../rigger/candidate-store.js";
import { postJson, serveTestServers } from "../testing/serve-test-servers.js";
import { loadServedSet } from "./load-served-set.js";
import type { ServedSet } from "./served-member.js";
import { OpenEnvTestClient } from "../testing/openenv-test-client.js";

/*
 * `envrigger serve` under load and attack (in process, loopback, a free port): session limits,
 * idle sessions, oversized and deeply nested messages, hostile, looping and memory-hungry
 * components, draining. The protocol itself: serve-server.test.ts.
 */

const { serve, connect, close } = serveTestServers();
afterEach(close);

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
