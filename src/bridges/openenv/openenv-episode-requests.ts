import { EnvriggerError, isEnvriggerError } from "../../core/errors.js";
import type { JsonObject } from "../../core/json.js";
import type { OpenEnvEpisode } from "./openenv-episode.js";
import type {
  OpenEnvClientMessage,
  OpenEnvErrorPayload,
  OpenEnvObservationPayload,
  OpenEnvServerMessage,
} from "./openenv-protocol.js";
import { openEnvServerError } from "./openenv-server-error.js";
import type { OpenEnvSocket } from "./openenv-socket.js";

/** A step's reply as the env uses it: an observation, or a refused action. */
export type OpenEnvStepReply =
  | { type: "error"; data: OpenEnvErrorPayload }
  | { type: "observation"; payload: OpenEnvObservationPayload };

/** One request of an episode's session: a failed exchange (a lost connection) marks the episode lost. */
async function requestOnEpisode(
  socket: OpenEnvSocket,
  episode: OpenEnvEpisode,
  message: OpenEnvClientMessage,
  what: string,
): Promise<OpenEnvServerMessage> {
  try {
    return await socket.request(message, what);
  } catch (error) {
    if (isEnvriggerError(error)) episode.lost = error;
    throw error;
  }
}

/** A reply of a kind the request does not take (`answer` says what came). */
function unexpectedReply(url: string, what: string, answer: string): EnvriggerError {
  return new EnvriggerError("REMOTE_ENV", `the OpenEnv server at ${url} answered ${what} with ${answer}`);
}

/**
 * Send a step: a VALIDATION_ERROR reply comes back as data, every other failure throws (a lost
 * connection, and a SESSION_ERROR after which OpenEnv closes the socket, also mark the episode).
 */
export async function sendOpenEnvStep(
  socket: OpenEnvSocket,
  episode: OpenEnvEpisode,
  action: JsonObject,
  url: string,
): Promise<OpenEnvStepReply> {
  const reply = await requestOnEpisode(socket, episode, { type: "step", data: action }, "step");
  if (reply.type === "observation") return { type: "observation", payload: reply.data };
  if (reply.type === "error" && reply.data.code === "VALIDATION_ERROR") return { type: "error", data: reply.data };
  if (reply.type === "error") {
    const error = openEnvServerError(reply.data, "step", url);
    if (reply.data.code === "SESSION_ERROR") episode.lost = error;
    throw error;
  }
  throw unexpectedReply(url, "step", `a ${reply.type} message instead of an observation`);
}

/** The server's state of the episode's session (a `state` request). */
export async function fetchOpenEnvServerState(
  socket: OpenEnvSocket,
  episode: OpenEnvEpisode,
  url: string,
): Promise<JsonObject> {
  const reply = await requestOnEpisode(socket, episode, { type: "state" }, "state");
  if (reply.type === "state") return reply.data;
  if (reply.type === "error") throw openEnvServerError(reply.data, "state", url);
  throw unexpectedReply(url, "state", "an observation message");
}
