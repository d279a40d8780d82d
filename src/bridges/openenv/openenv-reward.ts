import type { OpenEnvObservationPayload } from "./openenv-protocol.js";

/** The reward of an observation payload as a number: a boolean counts 1 or 0; none is `null`. */
export function openEnvReward(payload: OpenEnvObservationPayload): number | null {
  const reward = payload.reward;
  if (reward === undefined || reward === null) return null;
  return typeof reward === "boolean" ? (reward ? 1 : 0) : reward;
}
