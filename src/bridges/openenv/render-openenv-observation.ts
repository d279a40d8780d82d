import { stableStringify, type JsonObject } from "../../core/json.js";

/**
 * The text of an OpenEnv observation (the `observation` object of a reply), showing every
 * field: its `text` field when that is a string (else its `message` field when that is a
 * string) on the first line, then the other fields as JSON with sorted keys — grid world's
 * `{"message":"Keep going...","x":1,"y":0}` reads `Keep going...` then `{"x":1,"y":0}`, so a
 * text policy sees the position. With neither, the whole object as sorted JSON.
 */
export function renderOpenEnvObservation(observation: JsonObject): string {
  const key =
    typeof observation.text === "string" ? "text" : typeof observation.message === "string" ? "message" : null;
  if (key === null) return stableStringify(observation);
  const { [key]: head, ...rest } = observation;
  return Object.keys(rest).length === 0 ? (head as string) : `${head as string}\n${stableStringify(rest)}`;
}
