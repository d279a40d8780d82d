import { EnvriggerError } from "../../core/errors.js";
import type { OpenEnvErrorPayload } from "./openenv-protocol.js";

const hints: Record<string, string> = {
  INVALID_JSON:
    "the server could not read envrigger's message: a protocol mismatch; please report it with the server's OpenEnv version",
  UNKNOWN_TYPE:
    "the server does not know this message type: a protocol mismatch; please report it with the server's OpenEnv version",
  VALIDATION_ERROR: "the message did not fit the server's schema (see GET /schema)",
  EXECUTION_ERROR: "the environment raised an exception while handling it; see the server's log",
  CAPACITY_REACHED:
    "the server has no free session: raise its max_concurrent_envs, lower the rollout concurrency, or raise capacityAttempts",
  FACTORY_ERROR: "the server could not create an environment instance; see the server's log",
  SESSION_ERROR: "the server's session failed; see the server's log",
};

/** The text of an OpenEnv error payload, e.g. `EXECUTION_ERROR: division by zero`. */
export function describeOpenEnvError(payload: OpenEnvErrorPayload): string {
  return `${payload.code ?? "UNKNOWN"}: ${payload.message ?? "(no message)"}`;
}

/**
 * A server `error` message as a `REMOTE_ENV` error naming the request, the server's code
 * and message, with a hint per OpenEnv error code.
 */
export function openEnvServerError(payload: OpenEnvErrorPayload, what: string, url: string): EnvriggerError {
  return new EnvriggerError(
    "REMOTE_ENV",
    `the OpenEnv server at ${url} answered ${what} with ${describeOpenEnvError(payload)}`,
    {
      hint: hints[payload.code ?? ""] ?? "see the server's log",
      details: { code: payload.code ?? null },
    },
  );
}
