import { randomInt } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { WebSocketServer } from "ws";
import { EnvriggerError, errorMessage } from "../core/errors.js";
import type { JsonObject } from "../core/json.js";
import { packageVersion } from "../core/package-version.js";
import type { ToolSpec } from "../core/tool-spec.js";
import { buildStack, type BuildStackDependencies } from "../harness/build-stack.js";
import { answerHttp, type HttpContext } from "./answer-http.js";
import { ServeConnection } from "./serve-connection.js";
import { serveOptionsSchema, type ServeOptionsInput } from "./serve-options.js";
import { capacityReply } from "./serve-replies.js";
import type { ServeContext } from "./serve-session.js";
import type { ServedSet } from "./served-member.js";
import { servedSchemas } from "./served-schemas.js";
import { parseWith } from "../core/validate.js";

/** What {@link startServeServer} needs. */
export interface StartServeServerOptions extends ServeOptionsInput {
  set: ServedSet;
  dependencies: BuildStackDependencies;
  /** Log lines (default: nothing). */
  log?: (line: string) => void;
  /** Seeds for resets without one (default: crypto-random 31-bit integers). */
  randomSeed?: () => number;
}

/** A running `envrigger serve`. */
export interface ServeServer {
  /** `http://<host>:<port>`. */
  readonly url: string;
  readonly port: number;
  /** WebSocket sessions open now. */
  readonly activeSessions: number;
  /** The served env's tools. */
  readonly tools: ToolSpec[];
  /**
   * Stop: no new sessions or requests; each open session finishes the message in hand and
   * is closed cleanly (close code 1001, "server shutting down"). Idempotent.
   */
  drain(): Promise<void>;
}

/**
 * Build the first member and every member with layers once (a stack that does not load
 * fails the start; bare tasks were checked against the env's task list) and return the
 * first one's tools.
 */
async function probe(set: ServedSet, dependencies: BuildStackDependencies): Promise<ToolSpec[]> {
  let tools: ToolSpec[] | null = null;
  for (const [index, member] of set.members.entries()) {
    if (index > 0 && member.spec.layers.length === 0) continue;
    let stack;
    try {
      stack = await buildStack(member.spec, dependencies);
    } catch (error) {
      throw new EnvriggerError(
        "INVALID_STACK",
        `served stack ${member.stackId} (task ${member.taskId}) does not build: ${errorMessage(error)}`,
        { cause: error },
      );
    }
    try {
      tools ??= await stack.tools();
    } finally {
      await stack.close();
    }
  }
  return tools ?? [];
}

/** `/metadata`: OpenEnv's fields and the served set. */
function metadataOf(set: ServedSet, describeStack: Map<string, string>): JsonObject {
  return {
    name: `envrigger:${set.envId}`,
    description: `envrigger serving ${set.members.length} stack(s) of env ${set.envId} (${set.source}); reset data: seed, episode_id, task_id, stack_id; members drawn ${set.weighting === "uniform" ? "uniformly" : "by validated success near the band"} from the seed.`,
    readme_content: null,
    version: packageVersion(),
    author: "envrigger",
    documentation_url: null,
    served: {
      env: set.envId,
      source: set.source,
      weighting: set.weighting,
      members: set.members.map((member, index) => ({
        stack_id: member.stackId,
        task_id: member.taskId,
        group: member.group ?? null,
        stack: describeStack.get(member.stackId) ?? member.spec.base.env,
        candidate_id: member.candidateId ?? null,
        validated_success: member.validatedSuccess ?? null,
        success_band: member.successBand ?? null,
        weight: set.weights[index] ?? 1,
      })),
    },
  };
}

/** The nesting of a spec without building it, e.g. `Rules<Setup<bugfix>>`. */
function describeSpec(spec: ServedSet["members"][number]["spec"]): string {
  return spec.layers.reduce(
    (inner, layer) => `${layer.kind === "setup" ? "Setup" : layer.kind === "rules" ? "Rules" : "Chain"}<${inner}>`,
    spec.base.env,
  );
}

/**
 * Start `envrigger serve`: OpenEnv's HTTP endpoints and WebSocket sessions (`/ws`) over
 * the served set. Every member is built once first (a broken stack fails here). The
 * server never dies of one bad message or one failing session: see {@link ServeConnection}
 * and `ServeSession`.
 */
export async function startServeServer(options: StartServeServerOptions): Promise<ServeServer> {
  const { set, dependencies, log = () => {}, randomSeed = () => randomInt(0, 2 ** 31 - 1), ...rest } = options;
  const settings = parseWith(serveOptionsSchema, rest, "serve options", "BAD_ARGUMENT");
  const tools = await probe(set, dependencies);
  const context: ServeContext = { set, dependencies, tools, randomSeed, log };
  const http: HttpContext = {
    session: context,
    schemas: servedSchemas(set.envId, tools),
    metadata: metadataOf(set, new Map(set.members.map((member) => [member.stackId, describeSpec(member.spec)]))),
    maxBodyBytes: settings.maxMessageBytes,
  };
  const connections = new Set<ServeConnection>();
  let active = 0;
  /** POST /reset and /step requests running now (each builds a stack of its own). */
  let httpInFlight = 0;
  let draining: Promise<void> | null = null;

  const server = createServer((request, response) => {
    if (draining) {
      response.writeHead(503, { "content-type": "application/json", connection: "close" });
      return void response.end(JSON.stringify({ detail: "server shutting down" }));
    }
    // A POST /reset or /step builds and runs a stack like a session: it counts against
    // --max-sessions while it runs, and is refused (503) when the server is at capacity.
    const runsStack = request.method === "POST" && /^\/(reset|step)(\?|$)/.test(request.url ?? "");
    if (runsStack && active + httpInFlight >= settings.maxSessions) {
      response.writeHead(503, { "content-type": "application/json", "retry-after": "1" });
      const refusal = capacityReply(active + httpInFlight, settings.maxSessions).data as JsonObject;
      return void response.end(JSON.stringify({ detail: refusal.message }));
    }
    if (runsStack) httpInFlight += 1;
    answerHttp(request, response, http)
      .catch((error) => {
        log(`HTTP ${request.method} ${request.url} failed: ${errorMessage(error)}`);
        if (!response.headersSent) response.writeHead(500, { "content-type": "application/json" });
        response.end(JSON.stringify({ detail: "internal error" }));
      })
      .finally(() => {
        if (runsStack) httpInFlight -= 1;
      });
  });
  server.on("clientError", (_error, socket) => socket.destroy());
  const sockets = new WebSocketServer({ noServer: true, maxPayload: settings.maxMessageBytes });
  server.on("upgrade", (request, socket, head) => {
    const path = (request.url ?? "").split("?")[0];
    if (path !== "/ws" || draining) {
      socket.end(
        `HTTP/1.1 ${draining ? "503 Service Unavailable" : "404 Not Found"}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
      );
      return;
    }
    socket.on("error", (error) => log(`socket error before upgrade: ${errorMessage(error)}`));
    sockets.handleUpgrade(request, socket, head, (webSocket) => {
      if (active + httpInFlight >= settings.maxSessions || draining) {
        webSocket.on("error", () => {});
        webSocket.send(JSON.stringify(capacityReply(active + httpInFlight, settings.maxSessions)));
        webSocket.close(1000);
        return;
      }
      active += 1;
      let released = false;
      const connection: ServeConnection = new ServeConnection(webSocket, context, {
        idleTimeoutMs: settings.idleTimeoutMs,
        onEnd: () => {
          if (released) return;
          released = true;
          active -= 1;
          connections.delete(connection);
        },
      });
      connections.add(connection);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", (error) =>
      reject(
        new EnvriggerError(
          "BAD_ARGUMENT",
          `cannot listen on ${settings.host}:${settings.port}: ${errorMessage(error)}`,
          { cause: error },
        ),
      ),
    );
    server.listen(settings.port, settings.host, () => resolve());
  });
  server.on("error", (error) => log(`server error: ${errorMessage(error)}`));
  const { port } = server.address() as AddressInfo;
  const host = settings.host.includes(":") ? `[${settings.host}]` : settings.host;
  return {
    url: `http://${host}:${port}`,
    port,
    tools,
    get activeSessions() {
      return active;
    },
    drain() {
      draining ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        await Promise.all([...connections].map((connection) => connection.shutdown(1001, "server shutting down")));
        sockets.close();
        server.closeAllConnections();
        await closed;
      })();
      return draining;
    },
  };
}
