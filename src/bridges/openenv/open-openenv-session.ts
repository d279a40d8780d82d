import { setTimeout as sleep } from "node:timers/promises";
import { EnvriggerError } from "../../core/errors.js";
import type { JsonObject } from "../../core/json.js";
import type { OpenEnvOptions } from "./openenv-options.js";
import type { OpenEnvErrorPayload, OpenEnvObservationPayload } from "./openenv-protocol.js";
import { describeOpenEnvError, openEnvServerError } from "./openenv-server-error.js";
import { OpenEnvSocket } from "./openenv-socket.js";

/** A started session: its socket and the reset's observation payload. */
export interface OpenEnvSession {
  socket: OpenEnvSocket;
  payload: OpenEnvObservationPayload;
}

type SessionOptions = Pick<
  OpenEnvOptions,
  "connectTimeoutMs" | "messageTimeoutMs" | "capacityAttempts" | "capacityBackoffMs" | "capacityBackoffMaxMs"
> & {
  /**
   * Told of each CAPACITY_REACHED refusal; resolves `true` once it waited for a session
   * of this process to be freed (the next connection is then not counted as an attempt),
   * `false` when the refusal is not ours to wait out (retry after the backoff).
   */
  onCapacityReached?: (payload: OpenEnvErrorPayload) => Promise<boolean>;
};

/** The wait before attempt `attempt + 1` (1-based): the backoff doubled per attempt, capped. */
export function capacityBackoff(
  attempt: number,
  options: Pick<OpenEnvOptions, "capacityBackoffMs" | "capacityBackoffMaxMs">,
): number {
  return Math.min(options.capacityBackoffMs * 2 ** (attempt - 1), options.capacityBackoffMaxMs);
}

/**
 * Start an OpenEnv episode on a new connection: open `/ws`, send `reset` with `data`, and
 * return the socket with the first observation. When the server answers CAPACITY_REACHED
 * (OpenEnv sends it on connect when every session slot is taken, then closes), the
 * connection is closed and retried after an exponential backoff, `capacityAttempts`
 * connections at most; then a `REMOTE_ENV` error says the server stayed full (a refusal
 * that `onCapacityReached` waited out is not counted). Any other
 * error reply is a `REMOTE_ENV` error at once.
 */
export async function openOpenEnvSession(
  webSocketUrl: string,
  data: JsonObject,
  options: SessionOptions,
): Promise<OpenEnvSession> {
  let refusal = "";
  let waited = 0;
  for (let attempt = 1; attempt <= options.capacityAttempts; attempt++) {
    const socket = await OpenEnvSocket.connect(webSocketUrl, options);
    let refused: OpenEnvErrorPayload;
    try {
      const reply = await socket.request({ type: "reset", data }, "reset");
      if (reply.type === "observation") return { socket, payload: reply.data };
      await socket.close();
      if (reply.type === "state")
        throw new EnvriggerError(
          "REMOTE_ENV",
          `the OpenEnv server at ${webSocketUrl} answered reset with a state message instead of an observation`,
        );
      if (reply.data.code !== "CAPACITY_REACHED") throw openEnvServerError(reply.data, "reset", webSocketUrl);
      refusal = describeOpenEnvError(reply.data);
      refused = reply.data;
    } catch (error) {
      await socket.close();
      throw error;
    }
    if (await options.onCapacityReached?.(refused)) {
      attempt -= 1;
      continue;
    }
    if (attempt < options.capacityAttempts) {
      const wait = capacityBackoff(attempt, options);
      waited += wait;
      await sleep(wait);
    }
  }
  throw new EnvriggerError(
    "REMOTE_ENV",
    `the OpenEnv server at ${webSocketUrl} stayed at capacity: ${options.capacityAttempts} connections refused over ${waited} ms (${refusal})`,
    {
      hint: "raise the server's max_concurrent_envs, lower the rollout concurrency, or raise capacityAttempts / capacityBackoffMs",
      details: { code: "CAPACITY_REACHED" },
    },
  );
}

/**
 * Start an episode, reusing `current` when it is still open (OpenEnv sessions take any
 * number of resets on one socket, as OpenEnv's own client does); a socket that is gone
 * or breaks during the reset is closed and a new connection opened (with the capacity
 * retries of {@link openOpenEnvSession}). An error reply to the reset on a live socket is a
 * `REMOTE_ENV` error; the socket is closed when the reply was SESSION_ERROR.
 */
export async function resetOpenEnvSession(
  current: OpenEnvSocket | null,
  webSocketUrl: string,
  data: JsonObject,
  options: SessionOptions,
): Promise<OpenEnvSession> {
  if (current?.isOpen) {
    let reply;
    try {
      reply = await current.request({ type: "reset", data }, "reset");
    } catch {
      reply = null;
    }
    if (reply?.type === "observation") return { socket: current, payload: reply.data };
    if (reply?.type === "error" && reply.data.code !== "SESSION_ERROR")
      throw openEnvServerError(reply.data, "reset", webSocketUrl);
    await current.close();
    if (reply?.type === "error") throw openEnvServerError(reply.data, "reset", webSocketUrl);
    if (reply?.type === "state")
      throw new EnvriggerError(
        "REMOTE_ENV",
        `the OpenEnv server at ${webSocketUrl} answered reset with a state message instead of an observation`,
      );
  } else {
    await current?.close();
  }
  return openOpenEnvSession(webSocketUrl, data, options);
}
