import type { Json, JsonObject } from "../core/json.js";
import { LAYER_TRACE_KEY, type LayerTrace } from "../core/layer-trace.js";
import { recordWithKey } from "./record-with-key.js";

/**
 * The layer traces recorded in a step's `info` (outermost first); empty when there are
 * none. The traces are written only by harness layers, so they are read as-is.
 */
export function layerTracesOf(info: JsonObject): LayerTrace[] {
  const traces = info[LAYER_TRACE_KEY];
  return Array.isArray(traces) ? (traces as unknown as LayerTrace[]) : [];
}

/** `info` without its layer traces (what the env itself reported). */
export function withoutLayerTraces(info: JsonObject): JsonObject {
  const { [LAYER_TRACE_KEY]: _traces, ...rest } = info;
  return rest;
}

/** Drop keys whose value is `undefined`, so a trace is plain JSON. */
function compact(trace: LayerTrace): JsonObject {
  const record: JsonObject = {};
  for (const key in trace) {
    const value = trace[key as keyof LayerTrace];
    if (value !== undefined) record[key] = value as Json;
  }
  return record;
}

/**
 * A copy of `info` whose layer traces are `[trace, ...inner traces]`: a layer prepends its
 * own record to the list it received from inside, so the list reads outermost first. Only
 * the new record is compacted: the inner records were written by inner layers through this
 * function (or came with JSON `info`), so they are plain JSON already and are shared, not
 * copied (traces are never changed in place).
 */
export function prependLayerTrace(
  info: JsonObject,
  trace: LayerTrace,
  innerTraces: LayerTrace[] = layerTracesOf(info),
): JsonObject {
  const traces: Json[] = [compact(trace)];
  for (const inner of innerTraces) traces.push(inner as unknown as Json);
  return recordWithKey(info, LAYER_TRACE_KEY, traces);
}
