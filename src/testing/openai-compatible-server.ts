import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";
import { errorMessage } from "../core/errors.js";
import { parseJsonText } from "../core/validate.js";
import { redactSecrets } from "../llm/redact-secrets.js";
import { hashedWordEmbedding } from "./hashed-word-embedding.js";

/** Token counts the server reports for a reply. */
export interface ScriptedServerUsage {
  promptTokens: number;
  completionTokens: number;
  /** Of the prompt tokens, those served from the prompt cache (`prompt_tokens_details.cached_tokens`; absent: not reported). */
  cachedTokens?: number;
}

/**
 * One scripted reply of the test server:
 * - `tool-call`: an assistant message calling a tool (`name` defaults to the first tool of
 *   the request); `arguments` is sent as given when a string (so it can be malformed JSON);
 * - `text`: an assistant message with text content and no tool call;
 * - `error`: an HTTP error (e.g. 429 or 500) with an OpenAI-style error body.
 */
export type ScriptedServerReply =
  | { kind: "tool-call"; arguments: string | Record<string, unknown>; name?: string; usage?: ScriptedServerUsage }
  | { kind: "text"; text: string; usage?: ScriptedServerUsage }
  | { kind: "error"; status: number; message?: string };

/** A request the server received. Secrets in headers are redacted before recording. */
export interface RecordedServerRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  /** The parsed JSON body (`null` when it was not JSON). */
  body: unknown;
}

/** Options of {@link startOpenAiCompatibleServer}. */
export interface OpenAiCompatibleServerOptions {
  replies: ScriptedServerReply[];
  /** Error statuses answered before the scripted replies (e.g. `[429]` to exercise retries). */
  failFirst?: number[];
  /** Requests answered at most (further ones get 400). Default 32. */
  maxRequests?: number;
  /** Largest request body accepted, bytes. Default 4 MiB. */
  maxBodyBytes?: number;
  /**
   * Answer each chat request from its body instead of from `replies` in arrival order — so
   * concurrent requests get the same answers whatever order they arrive in.
   */
  respond?: (body: ChatRequestBody) => ScriptedServerReply;
  /** Wait this long before answering each request, ms (a model's latency). Default 0. */
  delayMs?: number;
}

/** The parts of a chat completions request body a `respond` function sees. */
export interface ChatRequestBody {
  model?: string;
  seed?: number;
  messages: Array<{ role: string; content?: unknown }>;
  tools?: Array<{ function?: { name: string } }>;
  [key: string]: unknown;
}

/** A running test server. */
export interface OpenAiCompatibleServer {
  /** `http://127.0.0.1:<port>/v1` — use it as `OPENAI_BASE_URL`. */
  readonly baseUrl: string;
  /** Every request received, oldest first. */
  readonly requests: RecordedServerRequest[];
  /** Stop the server and drop open connections. Idempotent. */
  close(): Promise<void>;
}

const chatBodySchema = z.looseObject({
  stream: z.boolean().optional(),
  tools: z.array(z.looseObject({ function: z.looseObject({ name: z.string() }).optional() })).optional(),
});

const embeddingsBodySchema = z.looseObject({
  input: z.union([z.string(), z.array(z.string())]),
  encoding_format: z.enum(["float", "base64"]).optional(),
  dimensions: z.number().int().positive().max(4096).optional(),
});

/** Answer `/v1/embeddings` with deterministic hashed bag-of-words vectors (no scripted reply consumed). */
function sendEmbeddings(response: ServerResponse, body: unknown, served: number): void {
  const parsed = embeddingsBodySchema.safeParse(body);
  if (!parsed.success) return sendError(response, 400, "the body is not an embeddings request");
  const inputs = typeof parsed.data.input === "string" ? [parsed.data.input] : parsed.data.input;
  const data = inputs.map((input, index) => {
    const vector = hashedWordEmbedding(input, parsed.data.dimensions);
    const embedding =
      parsed.data.encoding_format === "base64"
        ? Buffer.from(new Float32Array(vector).buffer).toString("base64")
        : vector;
    return { object: "embedding", index, embedding };
  });
  const tokens = inputs.reduce((sum, input) => sum + input.split(/\s+/).filter(Boolean).length, 0);
  sendJson(response, 200, {
    object: "list",
    data,
    model:
      typeof (body as { model?: unknown }).model === "string" ? (body as { model: string }).model : `hashed-${served}`,
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  });
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  response.end(text);
}

function sendError(response: ServerResponse, status: number, message: string): void {
  sendJson(response, status, {
    error: { message, type: status === 429 ? "rate_limit_exceeded" : "scripted_error", code: String(status) },
  });
}

function recordHeaders(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    const text = Array.isArray(value) ? value.join(", ") : (value ?? "");
    headers[name] =
      name === "authorization" || name === "api-key" || name === "x-api-key" ? "[redacted]" : redactSecrets(text);
  }
  return headers;
}

async function readBody(request: IncomingMessage, limit: number): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Start a tiny OpenAI-compatible `/v1/chat/completions` server on 127.0.0.1 (random free
 * port) answering scripted replies in order, tool calls included, and recording every
 * request (Authorization redacted). `/v1/embeddings` answers deterministic hashed
 * bag-of-words vectors (floats or base64), consuming no scripted reply. For tests of the real `ChatOpenAI` client without a
 * network: bounded (request count and body size), and `close()` ends it.
 */
export async function startOpenAiCompatibleServer(
  options: OpenAiCompatibleServerOptions,
): Promise<OpenAiCompatibleServer> {
  const queue: ScriptedServerReply[] = [
    ...(options.failFirst ?? []).map((status): ScriptedServerReply => ({ kind: "error", status })),
    ...options.replies,
  ];
  const maxRequests = options.maxRequests ?? 32;
  const maxBodyBytes = options.maxBodyBytes ?? 4 * 1024 * 1024;
  const requests: RecordedServerRequest[] = [];
  let served = 0;

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    served += 1;
    const text = await readBody(request, maxBodyBytes);
    let body: unknown = null;
    if (text !== null) {
      try {
        body = parseJsonText(z.unknown(), text, "request body", "BAD_ARGUMENT");
      } catch {
        body = null;
      }
    }
    requests.push({ method: request.method ?? "", path: request.url ?? "", headers: recordHeaders(request), body });
    if (text === null) return sendError(response, 413, `request body over ${maxBodyBytes} bytes`);
    if (served > maxRequests)
      return sendError(response, 400, `the test server answers at most ${maxRequests} requests`);
    if (request.method === "POST" && (request.url ?? "").endsWith("/embeddings"))
      return sendEmbeddings(response, body, served);
    if (request.method !== "POST" || !(request.url ?? "").endsWith("/chat/completions"))
      return sendError(response, 404, `no route ${request.method} ${request.url}`);
    const parsed = chatBodySchema.safeParse(body);
    if (!parsed.success) return sendError(response, 400, "the body is not a chat completions request");
    if (parsed.data.stream) return sendError(response, 400, "the test server does not stream");
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    const reply = options.respond
      ? options.respond({ messages: [], ...(body as Record<string, unknown>) } as ChatRequestBody)
      : queue.shift();
    if (!reply) return sendError(response, 400, "the test server has no scripted reply left");
    if (reply.kind === "error")
      return sendError(response, reply.status, reply.message ?? `scripted HTTP ${reply.status}`);
    const usage = reply.usage ?? { promptTokens: 0, completionTokens: 0 };
    const message =
      reply.kind === "text"
        ? { role: "assistant", content: reply.text }
        : {
            role: "assistant",
            content: null,
            tool_calls: [
              {
                id: `call_${served}`,
                type: "function",
                function: {
                  name: reply.name ?? parsed.data.tools?.[0]?.function?.name ?? "extract",
                  arguments: typeof reply.arguments === "string" ? reply.arguments : JSON.stringify(reply.arguments),
                },
              },
            ],
          };
    sendJson(response, 200, {
      id: `chatcmpl-${served}`,
      object: "chat.completion",
      created: 0,
      model: typeof (body as { model?: unknown }).model === "string" ? (body as { model: string }).model : "scripted",
      choices: [{ index: 0, message, finish_reason: reply.kind === "text" ? "stop" : "tool_calls" }],
      usage: {
        prompt_tokens: usage.promptTokens,
        completion_tokens: usage.completionTokens,
        total_tokens: usage.promptTokens + usage.completionTokens,
        ...(usage.cachedTokens === undefined ? {} : { prompt_tokens_details: { cached_tokens: usage.cachedTokens } }),
      },
    });
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error) => {
      if (!response.headersSent) sendError(response, 500, `test server failure: ${errorMessage(error)}`);
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  let closed: Promise<void> | null = null;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close() {
      closed ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closed;
    },
  };
}
