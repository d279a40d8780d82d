import { stableStringify, type JsonObject } from "../../core/json.js";

/**
 * The text of an OpenEnv observation (the `observation` object of a reply): its `text`
 * field when that is a string, else its `message` field when that is a string, else the
 * whole object as JSON with sorted keys (e.g. `{"echoed_message":"hi","message_length":2}`).
 */
export function renderOpenEnvObservation(observation: JsonObject): string {
  if (typeof observation.text === "string") return observation.text;
  if (typeof observation.message === "string") return observation.message;
  return stableStringify(observation);
}
