import type { JsonObject } from "../core/json.js";

/**
 * The boolean entries of a Rules layer's episode memory — its per-episode switches (see
 * `LayerTrace.switches`); undefined when there are none, so the trace stays as it was.
 */
export function episodeSwitches(memory: JsonObject): Record<string, boolean> | undefined {
  const switches: Record<string, boolean> = {};
  let found = false;
  for (const key in memory) {
    const value = memory[key];
    if (typeof value !== "boolean") continue;
    switches[key] = value;
    found = true;
  }
  return found ? switches : undefined;
}
