import { z } from "zod";
import { isJsonObject, jsonObjectSchema, type JsonObject } from "../core/json.js";

/*
 * What a client may send to `envrigger serve` (OpenEnv's WebSocket messages and actions).
 * Every incoming message is checked against these schemas; a message that does not fit
 * gets VALIDATION_ERROR with pydantic-style errors and the session stays open.
 */

/**
 * A JSON object, checked with the fast guard first (what `JSON.parse` gives almost always
 * passes it) and with the full schema only when the guard says no — the full recursive
 * schema would cost more than a BugFix step on every message.
 */
const jsonObject = z.custom<JsonObject>((value) => isJsonObject(value) || jsonObjectSchema.safeParse(value).success, {
  message: "Input should be a JSON object (finite numbers)",
});

/** The message types of OpenEnv's `/ws`. */
export const serveMessageTypes = ["reset", "step", "state", "close", "mcp"] as const;
export type ServeMessageType = (typeof serveMessageTypes)[number];

/** The schema of each message type (exactly these keys: OpenEnv forbids extra fields). */
export const serveMessageSchemas = {
  reset: z.strictObject({ type: z.literal("reset"), data: jsonObject.optional() }),
  step: z.strictObject({ type: z.literal("step"), data: jsonObject }),
  state: z.strictObject({ type: z.literal("state") }),
  close: z.strictObject({ type: z.literal("close") }),
  mcp: z.strictObject({ type: z.literal("mcp"), data: jsonObject }),
} as const;

/**
 * The keys of `reset` data envrigger reads. Other keys (TRL passes dataset columns) are
 * ignored, as OpenEnv passes on only the keys the env's reset accepts.
 */
export const resetDataSchema = z.looseObject({
  seed: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).nullable().optional(),
  episode_id: z.string().max(256).nullable().optional(),
  task_id: z.string().min(1).nullable().optional(),
  stack_id: z.string().min(1).nullable().optional(),
});
export type ResetData = z.infer<typeof resetDataSchema>;

/** OpenEnv's Action base class has a `metadata` field; clients may send it (ignored). */
const metadata = { metadata: jsonObject.optional() };

/** A step's action: a tool call, raw text (text-grammar envs), or MCPToolClient's two actions. */
export const serveActionSchema = z.union([
  z.strictObject({ name: z.string().min(1), args: jsonObject.default({}), ...metadata }),
  z.strictObject({ text: z.string(), ...metadata }),
  z.strictObject({ type: z.literal("list_tools"), ...metadata }),
  z.strictObject({
    type: z.literal("call_tool"),
    tool_name: z.string().min(1),
    arguments: jsonObject.default({}),
    ...metadata,
  }),
]);
export type ServeAction = z.infer<typeof serveActionSchema>;

/** The body of the stateless `POST /step`. */
export const httpStepBodySchema = z.strictObject({
  action: jsonObject,
  timeout_s: z.number().positive().nullable().optional(),
  request_id: z.string().nullable().optional(),
});

/** A JSON-RPC 2.0 request inside an `mcp` message. */
export const jsonRpcRequestSchema = z.looseObject({
  jsonrpc: z.literal("2.0"),
  method: z.string().min(1),
  params: jsonObject.optional(),
  id: z.union([z.string(), z.number(), z.null()]).optional(),
});

/** `tools/call` params. */
export const toolsCallParamsSchema = z.looseObject({ name: z.string().min(1), arguments: jsonObject.default({}) });
