import { z } from "zod";
import { jsonObjectSchema, jsonSchema, type JsonObject } from "../../core/json.js";

/*
 * The OpenEnv wire protocol, as implemented by OpenEnv's `HTTPEnvServer`
 * (meta-pytorch/OpenEnv, src/openenv/core/env_server/http_server.py and types.py) and
 * spoken by its `EnvClient` (src/openenv/core/env_client.py):
 * - `GET /health` → `{"status": "healthy" | "unhealthy" | "degraded"}`;
 * - `GET /schema` → `{"action": JSONSchema, "observation": JSONSchema, "state": JSONSchema}`;
 * - WebSocket `/ws`, one environment session per connection. The client sends
 *   `{"type": "reset", "data": {seed?, episode_id?, …}}`, `{"type": "step", "data": ACTION}`,
 *   `{"type": "state"}` or `{"type": "close"}` (no reply: the server ends the session and
 *   closes the socket). The server answers each of the first three with one message:
 *   `{"type": "observation", "data": {"observation": {…}, "reward": number | null, "done": bool, "metadata"?: {…}}}`,
 *   `{"type": "state", "data": {…}}`, or `{"type": "error", "data": {"message", "code", …}}`.
 *   When the server is at capacity it sends `CAPACITY_REACHED` right after accepting the
 *   connection, then closes it.
 */

/** The WebSocket error codes of OpenEnv (`WSErrorCode`). */
export const openEnvErrorCodes = [
  "INVALID_JSON",
  "UNKNOWN_TYPE",
  "VALIDATION_ERROR",
  "EXECUTION_ERROR",
  "CAPACITY_REACHED",
  "FACTORY_ERROR",
  "SESSION_ERROR",
] as const;

/** `GET /health`. */
export const openEnvHealthSchema = z.looseObject({ status: z.string() });

/** `GET /schema`: the JSON Schemas of actions, observations and state. */
export const openEnvSchemaResponseSchema = z.looseObject({
  action: jsonObjectSchema,
  observation: jsonObjectSchema,
  state: jsonObjectSchema,
});
/** The server's schemas. */
export type OpenEnvSchemas = z.infer<typeof openEnvSchemaResponseSchema>;

/**
 * The `data` of an `observation` message (OpenEnv's `serialize_observation`); a boolean
 * reward counts as 1 or 0. OpenEnv strips the observation's `metadata` before sending, so
 * it is accepted here only to be ignored.
 */
export const openEnvObservationPayloadSchema = z.looseObject({
  observation: jsonObjectSchema,
  reward: z
    .union([z.number().refine(Number.isFinite, "reward must be finite"), z.boolean()])
    .nullable()
    .optional(),
  done: z.boolean().optional(),
  metadata: jsonObjectSchema.nullable().optional(),
});
/** An observation message's payload. */
export type OpenEnvObservationPayload = z.infer<typeof openEnvObservationPayloadSchema>;

/** The `data` of an `error` message. */
export const openEnvErrorPayloadSchema = z.looseObject({
  message: z.string().optional(),
  code: z.string().optional(),
  errors: jsonSchema.optional(),
});
/** An error message's payload. */
export type OpenEnvErrorPayload = z.infer<typeof openEnvErrorPayloadSchema>;

/** Any message the server sends on `/ws`. */
export const openEnvServerMessageSchema = z.discriminatedUnion("type", [
  z.looseObject({ type: z.literal("observation"), data: openEnvObservationPayloadSchema }),
  z.looseObject({ type: z.literal("state"), data: jsonObjectSchema }),
  z.looseObject({ type: z.literal("error"), data: openEnvErrorPayloadSchema }),
  z.looseObject({ type: z.literal("mcp"), data: jsonObjectSchema }),
]);
/** A server message. */
export type OpenEnvServerMessage = z.infer<typeof openEnvServerMessageSchema>;

/** Any message the client sends on `/ws` (exactly these keys: OpenEnv's messages forbid extra fields). */
export type OpenEnvClientMessage =
  | { type: "reset"; data: JsonObject }
  | { type: "step"; data: JsonObject }
  | { type: "state" }
  | { type: "close" }
  | { type: "mcp"; data: JsonObject };
