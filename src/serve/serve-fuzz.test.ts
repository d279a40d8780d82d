import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productStackDependencies } from "../app/product-stack-dependencies.js";
import type { Json } from "../core/json.js";
import { OpenEnvTestClient } from "../testing/openenv-test-client.js";
import { loadServedSet } from "./load-served-set.js";
import { startServeServer, type ServeServer } from "./start-serve-server.js";

/*
 * Property tests: random and malformed messages thrown at `envrigger serve`. Whatever
 * arrives, each message gets one well-formed reply (or the socket closes, for `close` and
 * SESSION_ERROR), the server never crashes, and another session keeps being served.
 */

const replyTypes = ["observation", "state", "error", "mcp"];
const errorCodes = ["INVALID_JSON", "UNKNOWN_TYPE", "VALIDATION_ERROR", "EXECUTION_ERROR", "SESSION_ERROR"];

const tool = fc.constantFrom("read", "test", "edit", "submit", "fly", "");
const action = fc.oneof(
  fc.record(
    {
      name: tool,
      args: fc.oneof(fc.dictionary(fc.string(), fc.jsonValue()), fc.constant({ op: "swap_minmax" }), fc.jsonValue()),
    },
    { requiredKeys: ["name"] },
  ),
  fc.record({
    text: fc.oneof(
      fc.string(),
      fc.constantFrom("<call> read </call>", "<call> submit </call>", "<call> edit extend_range </call>"),
    ),
  }),
  fc.constant({ type: "list_tools" }),
  fc.record({ type: fc.constant("call_tool"), tool_name: tool, arguments: fc.jsonValue() }, { requiredKeys: ["type"] }),
  fc.jsonValue(),
);
const resetData = fc.oneof(
  fc.record(
    {
      seed: fc.oneof(fc.nat(), fc.integer(), fc.double(), fc.string()),
      task_id: fc.oneof(fc.constant("clamp-0"), fc.string()),
      episode_id: fc.string(),
      stack_id: fc.string(),
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue(),
);
const rpc = fc.record(
  {
    jsonrpc: fc.constantFrom("2.0", "1.0"),
    id: fc.oneof(fc.nat(), fc.string(), fc.constant(null)),
    method: fc.constantFrom("tools/list", "tools/call", "ping", ""),
    params: fc.oneof(fc.record({ name: tool, arguments: fc.jsonValue() }, { requiredKeys: [] }), fc.jsonValue()),
  },
  { requiredKeys: [] },
);
const structured = fc.oneof(
  fc.record({ type: fc.constant("reset"), data: resetData }, { requiredKeys: ["type"] }),
  fc.record({ type: fc.constant("step"), data: action }, { requiredKeys: ["type"] }),
  fc.record({ type: fc.constant("state") }),
  fc.record({ type: fc.constant("mcp"), data: rpc }, { requiredKeys: ["type"] }),
  fc.record(
    { type: fc.oneof(fc.string(), fc.jsonValue()), data: fc.jsonValue(), extra: fc.jsonValue() },
    { requiredKeys: [] },
  ),
  fc.dictionary(fc.string(), fc.jsonValue()),
);
/** A message as sent: JSON of a structured message, any JSON value, or any text. */
const message = fc.oneof(
  { weight: 6, arbitrary: structured.map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: fc.json() },
  { weight: 1, arbitrary: fc.string() },
  { weight: 1, arbitrary: fc.constant(JSON.stringify({ type: "close" })) },
);

let server: ServeServer;
let witness: OpenEnvTestClient;
beforeAll(async () => {
  server = await startServeServer({
    set: await loadServedSet({ env: "bugfix", tasks: ["clamp-0", "range-0"] }),
    dependencies: productStackDependencies(),
    port: 0,
    maxSessions: 8,
    maxMessageBytes: 64 * 1024,
  });
  witness = await OpenEnvTestClient.connect(server.url);
});
afterAll(async () => {
  witness?.close();
  await server?.drain();
});

/** The next reply, or `closed` when the socket closes first. */
async function replyOrClose(client: OpenEnvTestClient): Promise<Json | "closed"> {
  return Promise.race([client.next(5_000), client.closed.then(() => "closed" as const)]);
}

describe("serve under random and malformed messages", () => {
  it("answers every message well-formed, closes only on close / SESSION_ERROR, and keeps serving another session", async () => {
    let episodes = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(message, { minLength: 1, maxLength: 12 }), async (texts) => {
        const client = await OpenEnvTestClient.connect(server.url);
        try {
          for (const text of texts) {
            client.send({ raw: text });
            const reply = await replyOrClose(client);
            if (reply === "closed") {
              const parsed = (() => {
                try {
                  return JSON.parse(text) as unknown;
                } catch {
                  return undefined;
                }
              })();
              const closesSession =
                (typeof parsed === "object" &&
                  parsed !== null &&
                  !Array.isArray(parsed) &&
                  (parsed as { type?: unknown }).type === "close") ||
                typeof parsed !== "object" ||
                parsed === null ||
                Array.isArray(parsed);
              expect(closesSession, `closed after ${text}`).toBe(true);
              return;
            }
            const body = reply as { type: string; data: { code?: string } };
            expect(replyTypes).toContain(body.type);
            if (body.type === "error") {
              expect(errorCodes).toContain(body.data.code);
              if (body.data.code === "SESSION_ERROR") {
                expect((await client.closed).code).toBe(1000);
                return;
              }
            }
          }
        } finally {
          client.close();
        }
        // The witness session is unharmed.
        const reset = (await witness.ask({ type: "reset", data: { seed: episodes++, task_id: "clamp-0" } })) as {
          type: string;
        };
        expect(reset.type).toBe("observation");
        const step = (await witness.ask({ type: "step", data: { text: "<call> read </call>" } })) as {
          data: { observation: { turn: number } };
        };
        expect(step.data.observation.turn).toBe(1);
      }),
      { numRuns: 150, seed: 12 },
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.activeSessions).toBe(1);
  }, 120_000);
});
