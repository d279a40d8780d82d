import { randomUUID } from "node:crypto";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { WebSocketServer, type WebSocket } from "ws";
import { z } from "zod";
import { jsonObjectSchema, jsonSchema, type Json, type JsonObject } from "../core/json.js";
import { parseJsonText } from "../core/validate.js";

/** Switches of {@link startOpenEnvTestServer}. */
export interface OpenEnvTestServerOptions {
  /** Concurrent sessions allowed; a connection beyond them gets CAPACITY_REACHED. Default 1 (OpenEnv's default). */
  maxSessions?: number;
  /** Refuse the first M connections with CAPACITY_REACHED (then close them, as OpenEnv does). Default 0. */
  refuseFirstConnections?: number;
  /** Cut each connection abruptly (no close frame, no reply) when it receives its N-th message. */
  dropAfterMessages?: number;
  /** Never answer the messages of a connection after its N-th one. */
  silentAfterMessages?: number;
  /** The counter raises (EXECUTION_ERROR) when stepped with this amount. */
  raiseOnAmount?: number;
  /** The session fails (SESSION_ERROR, then the socket closes, as OpenEnv does on an unexpected error) when stepped with this amount. */
  sessionErrorOnAmount?: number;
  /** What `GET /health` says; `http-503` answers HTTP 503. Default `healthy`. */
  health?: "healthy" | "degraded" | "unhealthy" | "http-503";
}

/** A message the server received: the connection (1-based) and the parsed JSON (or the raw text when it was not JSON). */
export interface OpenEnvReceivedMessage {
  connection: number;
  message: Json;
}

/** A running OpenEnv test server. */
export interface OpenEnvTestServer {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** Every message received, oldest first. */
  readonly received: OpenEnvReceivedMessage[];
  /** Connections accepted so far (refused ones included). */
  readonly connections: number;
  /** Sessions open now. */
  readonly activeSessions: number;
  /** Stop the server and cut every connection. Idempotent. */
  close(): Promise<void>;
}

/** The counter's action, as an OpenEnv (pydantic) action schema would describe it. */
const actionSchema = z.strictObject({ amount: z.number().int().min(1).max(3), metadata: jsonObjectSchema.optional() });
const actionJsonSchema: JsonObject = {
  title: "CounterAction",
  type: "object",
  properties: {
    amount: { type: "integer", minimum: 1, maximum: 3, description: "How much to add." },
    metadata: { type: "object", default: {} },
  },
  required: ["amount"],
  additionalProperties: false,
};
const schemas = {
  action: actionJsonSchema,
  observation: {
    title: "CounterObservation",
    type: "object",
    properties: { message: { type: "string" }, count: { type: "integer" }, target: { type: "integer" } },
  },
  state: {
    title: "State",
    type: "object",
    properties: {
      episode_id: { type: "string" },
      step_count: { type: "integer" },
      count: { type: "integer" },
      target: { type: "integer" },
    },
  },
};
const messageSchemas = {
  reset: z.strictObject({ type: z.literal("reset"), data: jsonObjectSchema.optional() }),
  step: z.strictObject({ type: z.literal("step"), data: jsonObjectSchema }),
  state: z.strictObject({ type: z.literal("state") }),
  close: z.strictObject({ type: z.literal("close") }),
};
const seedSchema = z.looseObject({ seed: z.number().int().nonnegative().optional() });

interface Counter {
  seed: number;
  count: number;
  target: number;
  steps: number;
  /** The server-issued id of the episode (random, in the state only). */
  episodeId: string;
}

const errorReply = (code: string, message: string, extra: JsonObject = {}): JsonObject => ({
  type: "error",
  data: { message, code, ...extra },
});
const validationErrors = (error: z.ZodError): Json =>
  error.issues.map((issue) => ({ loc: issue.path.map(String), msg: issue.message, type: "value_error" }));
// As OpenEnv's serializer does: reward and done at the top of data, metadata never sent.
const observationOf = (counter: Counter, reward: number | null, done: boolean): JsonObject => ({
  type: "observation",
  data: {
    observation: {
      message: `count ${counter.count}, target ${counter.target}`,
      count: counter.count,
      target: counter.target,
    },
    reward,
    done,
  },
});

/** The counter env's answer to one parsed message (`null`: close the session). */
function answer(
  message: JsonObject,
  session: { counter: Counter | null },
  options: OpenEnvTestServerOptions,
): JsonObject | null {
  const type = typeof message.type === "string" ? message.type : "";
  if (!(type in messageSchemas)) return errorReply("UNKNOWN_TYPE", `Unknown message type: ${type}`);
  const parsed = messageSchemas[type as keyof typeof messageSchemas].safeParse(message);
  if (!parsed.success)
    return errorReply("VALIDATION_ERROR", "Invalid message", { errors: validationErrors(parsed.error) });
  if (type === "close") return null;
  if (type === "reset") {
    const seed = seedSchema.safeParse(message.data ?? {});
    if (!seed.success)
      return errorReply("VALIDATION_ERROR", "Invalid message", { errors: validationErrors(seed.error) });
    session.counter = {
      seed: seed.data.seed ?? 0,
      count: 0,
      target: 3 + ((seed.data.seed ?? 0) % 3),
      steps: 0,
      episodeId: randomUUID(),
    };
    return observationOf(session.counter, null, false);
  }
  const counter = session.counter;
  if (!counter) return errorReply("EXECUTION_ERROR", "call reset before step or state");
  if (type === "state")
    return {
      type: "state",
      data: {
        // A fresh random id per episode, as OpenEnv's reference envs issue (uuid4).
        episode_id: counter.episodeId,
        step_count: counter.steps,
        count: counter.count,
        target: counter.target,
      },
    };
  const action = actionSchema.safeParse(message.data);
  if (!action.success)
    return errorReply("VALIDATION_ERROR", "Invalid message", { errors: validationErrors(action.error) });
  if (action.data.amount === options.raiseOnAmount)
    return errorReply("EXECUTION_ERROR", `the counter raised on amount ${action.data.amount}`);
  counter.count += action.data.amount;
  counter.steps += 1;
  const done = counter.count >= counter.target;
  return observationOf(counter, done ? (counter.count === counter.target ? 1 : -1) : 0, done);
}

function sendJson(response: ServerResponse, status: number, body: Json): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  response.end(text);
}

/**
 * Start a small OpenEnv server on 127.0.0.1 (random free port) speaking OpenEnv's
 * protocol (`GET /health`, `GET /schema`, WebSocket sessions on `/ws` with reset, step,
 * state and close; error replies with OpenEnv's codes; reward null on reset, no metadata
 * on the wire, any number of resets per socket, SESSION_ERROR + close for JSON that is
 * not an object), around a counter env: reset with
 * seed s sets a target of 3 + s mod 3; each step adds `amount` (1–3); the episode is done
 * once the count reaches the target, with reward 1 on the target exactly and −1 past it.
 * Switches simulate a full server, dropped connections and silent replies.
 */
export async function startOpenEnvTestServer(options: OpenEnvTestServerOptions = {}): Promise<OpenEnvTestServer> {
  const received: OpenEnvReceivedMessage[] = [];
  const maxSessions = options.maxSessions ?? 1;
  let connections = 0;
  let activeSessions = 0;
  const server = createServer((request, response) => {
    if (request.method === "GET" && request.url === "/health") {
      if (options.health === "http-503") return sendJson(response, 503, { detail: "unavailable" });
      return sendJson(response, 200, { status: options.health ?? "healthy" });
    }
    if (request.method === "GET" && request.url === "/schema") return sendJson(response, 200, schemas);
    sendJson(response, 404, { detail: "Not Found" });
  });
  const sockets = new WebSocketServer({ noServer: true });
  server.on("upgrade", (request, socket, head) => {
    if (request.url !== "/ws") return void socket.destroy();
    sockets.handleUpgrade(request, socket, head, (webSocket) => onConnection(webSocket));
  });

  const onConnection = (webSocket: WebSocket): void => {
    connections += 1;
    const connection = connections;
    if (connection <= (options.refuseFirstConnections ?? 0) || activeSessions >= maxSessions) {
      webSocket.send(
        JSON.stringify(
          errorReply(
            "CAPACITY_REACHED",
            `Server at capacity: ${activeSessions}/${maxSessions} sessions active. Cannot accept new connections.`,
            { active_sessions: activeSessions, max_sessions: maxSessions },
          ),
        ),
      );
      webSocket.close();
      return;
    }
    activeSessions += 1;
    let released = false;
    // Like OpenEnv, a `close` message ends the session before the socket closes.
    const release = () => {
      if (!released) activeSessions -= 1;
      released = true;
    };
    webSocket.once("close", release);
    const session: { counter: Counter | null } = { counter: null };
    let count = 0;
    webSocket.on("message", (data) => {
      count += 1;
      const text = String(data);
      let message: Json;
      try {
        message = parseJsonText(jsonSchema, text, "message", "BAD_ARGUMENT");
      } catch {
        received.push({ connection, message: text });
        return void webSocket.send(JSON.stringify(errorReply("INVALID_JSON", "Invalid JSON")));
      }
      received.push({ connection, message });
      if (options.dropAfterMessages !== undefined && count >= options.dropAfterMessages)
        return void webSocket.terminate();
      if (options.silentAfterMessages !== undefined && count > options.silentAfterMessages) return;
      if (typeof message !== "object" || message === null || Array.isArray(message)) {
        // OpenEnv answers JSON that is not an object with SESSION_ERROR and closes the socket.
        webSocket.send(JSON.stringify(errorReply("SESSION_ERROR", "Session error: message must be a JSON object")));
        release();
        return void webSocket.close();
      }
      const stepData = (message as JsonObject).data as JsonObject | undefined;
      if (
        (message as JsonObject).type === "step" &&
        options.sessionErrorOnAmount !== undefined &&
        stepData?.amount === options.sessionErrorOnAmount
      ) {
        webSocket.send(JSON.stringify(errorReply("SESSION_ERROR", "Session error: the environment crashed")));
        release();
        return void webSocket.close();
      }
      const reply = answer(message, session, options);
      if (reply === null) {
        release();
        webSocket.close();
      } else webSocket.send(JSON.stringify(reply));
    });
  };

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | null = null;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    get connections() {
      return connections;
    },
    get activeSessions() {
      return activeSessions;
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        for (const client of sockets.clients) client.terminate();
        sockets.close();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
