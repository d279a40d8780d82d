import type { IncomingMessage, ServerResponse } from "node:http";
import { parseBoundedJson } from "../core/bounded-json.js";
import type { Json, JsonObject } from "../core/json.js";
import { httpStepBodySchema, resetDataSchema } from "./serve-messages.js";
import { ServeSession, type ServeContext } from "./serve-session.js";
import { readRequestBody } from "./read-request-body.js";
import { jsonLimitError, validationErrors } from "./validation-errors.js";

/** What the HTTP side answers from. */
export interface HttpContext {
  session: ServeContext;
  schemas: JsonObject;
  metadata: JsonObject;
  maxBodyBytes: number;
}

function sendJson(response: ServerResponse, status: number, body: Json): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  response.end(text);
}

/** Parse a JSON body within the JSON limits; an empty body is `{}`. */
function parseBody(text: string): { ok: true; value: unknown } | { ok: false; detail: JsonObject[] } {
  if (text.trim() === "") return { ok: true, value: {} };
  const parsed = parseBoundedJson(text);
  if (parsed.ok) return parsed;
  if (parsed.reason !== "syntax")
    return { ok: false, detail: [jsonLimitError(parsed.reason, parsed.message, ["body"])] };
  return {
    ok: false,
    detail: [
      { type: "json_invalid", loc: ["body"], msg: `JSON decode error: ${parsed.message}`, input: text.slice(0, 200) },
    ],
  };
}

/** The `data` of an observation reply as the HTTP endpoints send it, or the error as a 422/500. */
function fromReply(response: ServerResponse, reply: JsonObject, loc: string[]): void {
  const data = reply.data as JsonObject;
  if (reply.type === "observation" || reply.type === "state") return sendJson(response, 200, data);
  if (data.code === "VALIDATION_ERROR") {
    const errors = (data.errors as JsonObject[] | undefined) ?? [];
    return sendJson(response, 422, {
      detail: errors.map((error) => ({ ...error, loc: [...loc, ...((error.loc as Json[]) ?? [])] })),
    });
  }
  sendJson(response, 500, { detail: data.message ?? "error" });
}

const routes = new Map<string, string[]>([
  ["/health", ["GET"]],
  ["/schema", ["GET"]],
  ["/metadata", ["GET"]],
  ["/reset", ["POST"]],
  ["/step", ["POST"]],
  ["/state", ["GET"]],
]);

/**
 * The HTTP endpoints of OpenEnv: `GET /health`, `/schema`, `/metadata`, and the stateless
 * `POST /reset`, `POST /step`, `GET /state` (a fresh stack per request, closed after it;
 * `/step` resets it first with seed 0 and the default member, since a fresh env has no
 * episode). A bad body is HTTP 422 `{"detail": [...]}`, a body over the limit 413.
 */
export async function answerHttp(
  request: IncomingMessage,
  response: ServerResponse,
  context: HttpContext,
): Promise<void> {
  const path = (request.url ?? "/").split("?")[0] ?? "/";
  const methods = routes.get(path);
  if (!methods) return sendJson(response, 404, { detail: "Not Found" });
  if (!methods.includes(request.method ?? "")) return sendJson(response, 405, { detail: "Method Not Allowed" });
  if (path === "/health") return sendJson(response, 200, { status: "healthy" });
  if (path === "/schema") return sendJson(response, 200, context.schemas);
  if (path === "/metadata") return sendJson(response, 200, context.metadata);
  if (path === "/state") return sendJson(response, 200, { episode_id: null, step_count: 0 });
  const body = await readRequestBody(request, context.maxBodyBytes);
  if (!body.ok) return sendJson(response, 413, { detail: `request body larger than ${context.maxBodyBytes} bytes` });
  const parsed = parseBody(body.text);
  if (!parsed.ok) return sendJson(response, 422, { detail: parsed.detail });
  const session = new ServeSession(context.session);
  try {
    if (path === "/reset") {
      const data = resetDataSchema.safeParse(parsed.value);
      if (!data.success)
        return sendJson(response, 422, { detail: validationErrors(data.error, parsed.value, ["body"]) });
      return fromReply(response, await session.reset(parsed.value as JsonObject), ["body"]);
    }
    const step = httpStepBodySchema.safeParse(parsed.value);
    if (!step.success) return sendJson(response, 422, { detail: validationErrors(step.error, parsed.value, ["body"]) });
    const reset = await session.reset({ seed: 0 });
    if (reset.type !== "observation") return fromReply(response, reset, ["body"]);
    fromReply(response, await session.step(step.data.action), ["body", "action"]);
  } finally {
    await session.close();
  }
}
