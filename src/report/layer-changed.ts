import type { ActionInput } from "../core/action.js";
import { jsonEqual, type Json } from "../core/json.js";
import type { LayerTrace } from "../core/layer-trace.js";
import type { Observation } from "../core/observation.js";

/** Whether two observations are equal (text and structured data). */
export function sameObservation(left: Observation, right: Observation): boolean {
  return left.text === right.text && jsonEqual(left.data ?? null, right.data ?? null);
}

/** Whether two actions are equal (structured calls compared as JSON, text as text). */
export function sameAction(left: ActionInput, right: ActionInput): boolean {
  return jsonEqual(left as Json, right as Json);
}

/** Whether a layer changed anything on a step: blocked or rewrote the action, changed the observation, or truncated the episode. */
export function layerChanged(trace: LayerTrace): boolean {
  return (
    trace.actionOut === null ||
    trace.truncatedByLayer === true ||
    !sameAction(trace.actionIn, trace.actionOut) ||
    (trace.observationIn !== undefined && !sameObservation(trace.observationIn, trace.observationOut))
  );
}
