import type { JsonObject } from "../core/json.js";
import type { Observation } from "../core/observation.js";

/** One of a Chain's two parts. */
export type ChainPart = "first" | "second";

/** An observation of one part, to be shown by a Chain. */
export interface ChainSegment {
  part: ChainPart;
  observation: Observation;
}

/**
 * The observation an alternating Chain shows: each segment labelled `[first]` or
 * `[second]`, the active part's (the one the next action goes to) always last; `data` is
 * `{ active, first?, second? }` with each shown part's data.
 */
export function labelledChainObservation(segments: readonly ChainSegment[], active: ChainPart): Observation {
  const data: JsonObject = { active };
  for (const segment of segments) {
    if (segment.observation.data !== undefined) data[segment.part] = segment.observation.data;
  }
  return { text: segments.map((segment) => `[${segment.part}] ${segment.observation.text}`).join("\n\n"), data };
}

/**
 * The observation a serial Chain shows when it moves to its second part: the banner
 * (carried-context text, when given) above the second part's observation.
 */
export function bannerChainObservation(banner: string | undefined, observation: Observation): Observation {
  const text = banner ? `${banner}\n\n${observation.text}` : observation.text;
  return observation.data === undefined ? { text } : { text, data: observation.data };
}
