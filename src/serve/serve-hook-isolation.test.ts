import { afterEach, describe, expect, it } from "vitest";
import { productStackDependencies } from "../app/product-stack-dependencies.js";
import type { HarnessStackSpec } from "../harness/harness-stack-spec.js";
import { CandidateStore } from "../rigger/candidate-store.js";
import { PRODUCT_SANDBOX_OPTIONS } from "../app/product-sandbox-options.js";
import { OpenEnvTestClient } from "../testing/openenv-test-client.js";
import { loadServedSet } from "./load-served-set.js";
import type { ServedSet } from "./served-member.js";
import { startServeServer, type ServeServer } from "./start-serve-server.js";

/*
 * Served sessions do not hold each other: with each stack's Rules group in a worker thread
 * of its own (as `envrigger serve` builds them), Rules hooks that loop until the sandbox's
 * wall-clock backstop hold their own sessions only; HTTP requests that build stacks count
 * against --max-sessions like WebSocket sessions.
 */

const servers: ServeServer[] = [];
const clients: OpenEnvTestClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await Promise.all(servers.splice(0).map((server) => server.drain()));
});

const rulesSpec = (taskId: string, source: string): HarnessStackSpec => ({
  version: 1,
  base: { env: "bugfix", taskId },
  layers: [{ kind: "rules", source }],
});
/** Loops in `filterAction` on every step (cut by the 2.5 s backstop). */
const loopingSpec = rulesSpec(
  "clamp-2",
  `export default defineRules({\n  filterAction(action) {\n    while (true) {}\n  },\n});\n`,
);
const healthySpec = rulesSpec(
  "clamp-0",
  `export default defineRules({\n  filterObservation(observation, context) {\n    return { text: observation.text + "\\n(turn " + context.turn + ")" };\n  },\n});\n`,
);

/** A reset starts the stack's worker thread (from src/, through tsx: seconds on a loaded machine). */
const startTimeoutMs = 60_000;

async function servedSet(specs: HarnessStackSpec[]): Promise<ServedSet> {
  const bare = await loadServedSet({ env: "bugfix", tasks: ["clamp-0"] });
  const members = specs.map((spec) => ({ stackId: CandidateStore.hashOf(spec), taskId: spec.base.taskId, spec }));
  return { ...bare, members, weights: members.map(() => 1) };
}

async function connect(server: ServeServer): Promise<OpenEnvTestClient> {
  const client = await OpenEnvTestClient.connect(server.url);
  clients.push(client);
  return client;
}

describe("served Rules hooks in worker threads", () => {
  it("four sessions whose hooks loop hold a fifth for less than one hook budget", async () => {
    const server = await startServeServer({
      set: await servedSet([loopingSpec, healthySpec]),
      dependencies: productStackDependencies(undefined, { rulesGroupsInWorkers: true }),
      port: 0,
    });
    servers.push(server);
    const looping = await Promise.all(
      [1, 2, 3, 4].map(async (seed) => {
        const client = await connect(server);
        const reset = await client.ask(
          { type: "reset", data: { seed, stack_id: CandidateStore.hashOf(loopingSpec) } },
          startTimeoutMs,
        );
        expect(reset.type).toBe("observation");
        return client;
      }),
    );
    const fifth = await connect(server);
    const reset = await fifth.ask(
      { type: "reset", data: { seed: 5, stack_id: CandidateStore.hashOf(healthySpec) } },
      startTimeoutMs,
    );
    expect(reset.type).toBe("observation");

    const settled: string[] = [];
    const loops = looping.map((client) =>
      client.ask({ type: "step", data: { text: "<call> read </call>" } }, 30_000).then((reply) => {
        settled.push("loop");
        return reply;
      }),
    );
    // Let the four steps reach their hooks (a blocked event loop shows as a late timer),
    // then time the fifth session's steps.
    const slept = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const latencies: number[] = [performance.now() - slept - 100];
    for (let step = 0; step < 4; step++) {
      const started = performance.now();
      const reply = await fifth.ask({ type: "step", data: { text: "<call> read </call>" } }, 30_000);
      latencies.push(performance.now() - started);
      expect(reply.type).toBe("observation");
    }
    settled.push("fifth");
    console.log(
      `timer lateness, then the fifth session's step latencies (ms): ${latencies.map((latency) => latency.toFixed(1)).join(", ")}`,
    );
    const replies = await Promise.all(loops);
    // The fifth stepped while every loop still ran, and was held less than one hook budget at a time.
    expect(Math.max(...latencies)).toBeLessThan(PRODUCT_SANDBOX_OPTIONS.timeoutMs ?? 0);
    expect(settled.at(0)).toBe("fifth");
    for (const reply of replies)
      expect(reply.data).toMatchObject({
        code: "EXECUTION_ERROR",
        message: expect.stringMatching(/longer than|timed out|timeout/i),
      });
  }, 180_000);

  it("HTTP /reset and /step count against --max-sessions with WebSocket sessions", async () => {
    const server = await startServeServer({
      set: await servedSet([healthySpec]),
      dependencies: productStackDependencies(undefined, { rulesGroupsInWorkers: true }),
      port: 0,
      maxSessions: 1,
    });
    servers.push(server);
    const post = (path: string, body: object) =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        body: JSON.stringify(body),
        headers: { "content-type": "application/json" },
      });
    const client = await connect(server);
    expect((await client.ask({ type: "reset", data: { seed: 1 } }, startTimeoutMs)).type).toBe("observation");
    const refused = await post("/step", { action: { text: "<call> read </call>" } });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({
      detail: expect.stringMatching(/^Server at capacity: 1\/1 sessions active/),
    });
    expect((await post("/reset", {})).status).toBe(503);
    client.close();
    await client.closed;
    await expect.poll(() => server.activeSessions).toBe(0);
    // While an HTTP step runs, a WebSocket session is refused; two HTTP steps at once: one is.
    const [first, second] = await Promise.all([
      post("/step", { action: { text: "<call> read </call>" } }),
      post("/step", { action: { text: "<call> read </call>" } }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 503]);
    expect((await post("/step", { action: { text: "<call> read </call>" } })).status).toBe(200);
  }, 180_000);
});
