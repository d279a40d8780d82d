import type { JsonObject } from "../core/json.js";

/** The error codes of OpenEnv's WebSocket protocol that `serve` sends. */
export type ServeErrorCode =
  | "INVALID_JSON"
  | "UNKNOWN_TYPE"
  | "VALIDATION_ERROR"
  | "EXECUTION_ERROR"
  | "CAPACITY_REACHED"
  | "SESSION_ERROR";

/** An `error` message: `{"type":"error","data":{"message","code",…extra}}`. */
export function errorReply(code: ServeErrorCode, message: string, extra: JsonObject = {}): JsonObject {
  return { type: "error", data: { message, code, ...extra } };
}

/** A VALIDATION_ERROR with pydantic-style `errors`. */
export function validationReply(errors: JsonObject[], message = "Invalid message"): JsonObject {
  return errorReply("VALIDATION_ERROR", message, { errors });
}

/** OpenEnv's exact capacity refusal. */
export function capacityReply(active: number, max: number): JsonObject {
  return errorReply(
    "CAPACITY_REACHED",
    `Server at capacity: ${active}/${max} sessions active. Cannot accept new connections.`,
    { active_sessions: active, max_sessions: max },
  );
}

/** An `observation` message: the observation object with `reward` and `done` at the top of `data`. */
export function observationReply(observation: JsonObject, reward: number | null, done: boolean): JsonObject {
  return { type: "observation", data: { observation, reward, done } };
}
