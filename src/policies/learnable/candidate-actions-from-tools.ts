import type { Action } from "../../core/action.js";
import type { Json, JsonObject } from "../../core/json.js";
import type { ToolSpec } from "../../core/tool-spec.js";

/** Integer ranges wider than this are not enumerated (the argument is not "small"). */
const MAX_INTEGER_VALUES = 16;
/** A tool whose argument product exceeds this many calls is not enumerated. */
const MAX_CALLS_PER_TOOL = 512;

/** The values a JSON-Schema property can take when it is enumerable, else null. */
function propertyValues(schema: unknown): Json[] | null {
  if (typeof schema !== "object" || schema === null) return null;
  const property = schema as Record<string, unknown>;
  if (Array.isArray(property.enum) && property.enum.length > 0) return property.enum as Json[];
  if (property.const !== undefined) return [property.const as Json];
  if (property.type === "boolean") return [false, true];
  if (property.type === "integer" && typeof property.minimum === "number" && typeof property.maximum === "number") {
    const low = Math.ceil(property.minimum);
    const high = Math.floor(property.maximum);
    if (high < low || high - low + 1 > MAX_INTEGER_VALUES) return null;
    return Array.from({ length: high - low + 1 }, (_, index) => low + index);
  }
  return null;
}

/** Every call of one tool, or null when a required argument cannot be enumerated. */
function toolCalls(tool: ToolSpec): Action[] | null {
  const schema = tool.inputSchema as Record<string, unknown>;
  const properties = (
    typeof schema.properties === "object" && schema.properties !== null ? schema.properties : {}
  ) as Record<string, unknown>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  let calls: JsonObject[] = [{}];
  for (const [name, property] of Object.entries(properties)) {
    const values = propertyValues(property);
    if (values === null) {
      // An optional free-form argument is simply left out; a required one makes the tool unusable here.
      if (required.has(name)) return null;
      continue;
    }
    const options: Array<Json | undefined> = required.has(name) ? values : [undefined, ...values];
    calls = calls.flatMap((args) => options.map((value) => (value === undefined ? args : { ...args, [name]: value })));
    if (calls.length > MAX_CALLS_PER_TOOL) return null;
  }
  return calls.map((args) => ({ name: tool.name, args }));
}

/**
 * The candidate actions a learnable policy chooses among, from the tools' input schemas:
 * a tool without arguments is one call; enum, const, boolean and small bounded integer
 * arguments (at most 16 values) are enumerated as a product; optional arguments that
 * cannot be enumerated are left out. Tools with a required free-form argument (a path, a
 * string, an unbounded number) are skipped — an env offers `candidateActions` for those.
 */
export function candidateActionsFromTools(tools: readonly ToolSpec[]): Action[] {
  return tools.flatMap((tool) => toolCalls(tool) ?? []);
}
