import { z } from "zod";
import { actionSchema, type Action } from "../core/action.js";
import { isJsonObject, jsonObjectSchema, type JsonObject } from "../core/json.js";
import { observationSchema, type Observation } from "../core/observation.js";

/**
 * Schemas of what Rules hooks may return, checked by the host on every call (whatever the
 * runtime claims to have validated). Unknown keys are dropped: a hook cannot smuggle a
 * reward, a `terminated` flag or info fields through a patch.
 */
export const rulesHookOutputSchemas = {
  filterAction: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("pass") }),
    z.object({ kind: z.literal("rewrite"), action: actionSchema }),
    z.object({ kind: z.literal("block"), reason: z.string() }),
  ]),
  modifyTransition: z.object({
    text: z.string().optional(),
    data: jsonObjectSchema.optional(),
    truncated: z.boolean().optional(),
  }),
  filterObservation: observationSchema,
  memory: jsonObjectSchema,
};

/** The name of a Rules hook. */
export type RulesHookName = "filterAction" | "modifyTransition" | "filterObservation";

/** What each hook returns once checked (and, for `"memory"`, the memory after a call). */
export type RulesHookOutput<H extends RulesHookName | "memory"> = z.infer<(typeof rulesHookOutputSchemas)[H]>;

/** A plain object (not null, not an array) whose keys can be read. */
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** True when `record` has no own keys besides `allowed` (so dropping unknown keys changes nothing). */
function hasOnlyKeys(record: Record<string, unknown>, allowed: readonly string[]): boolean {
  for (const key in record) {
    if (!allowed.includes(key)) return false;
  }
  return true;
}

const actionKeys = ["name", "args"];
const observationKeys = ["text", "data"];
const patchKeys = ["text", "data", "truncated"];

/** `actionSchema`'s output for an action that is plainly right, else undefined. */
function readAction(value: unknown): Action | undefined {
  if (!isRecord(value) || typeof value.name !== "string" || !isJsonObject(value.args)) return undefined;
  return hasOnlyKeys(value, actionKeys) ? (value as Action) : { name: value.name, args: value.args };
}

/**
 * Fast readers of hook outputs for the hot path: each returns exactly what the hook's
 * schema in {@link rulesHookOutputSchemas} would return (unknown keys dropped) when the
 * value is plainly right, and `undefined` when it cannot tell; the caller then parses with
 * the schema, which decides and words the issues. They never accept what the schema
 * refuses, so a hook cannot get more through them than through the schemas.
 */
export const rulesHookOutputReaders: {
  [H in RulesHookName | "memory"]: (value: unknown) => RulesHookOutput<H> | undefined;
} = {
  filterAction(value) {
    if (!isRecord(value)) return undefined;
    if (value.kind === "pass") return { kind: "pass" };
    if (value.kind === "block")
      return typeof value.reason === "string" ? { kind: "block", reason: value.reason } : undefined;
    if (value.kind !== "rewrite") return undefined;
    const action = readAction(value.action);
    return action === undefined ? undefined : { kind: "rewrite", action };
  },
  modifyTransition(value) {
    if (!isRecord(value)) return undefined;
    const { text, data, truncated } = value;
    // A key present with the value `undefined` is left to the schema (it keeps such keys).
    if (
      (text === undefined && "text" in value) ||
      (data === undefined && "data" in value) ||
      (truncated === undefined && "truncated" in value)
    )
      return undefined;
    if ((text !== undefined && typeof text !== "string") || (truncated !== undefined && typeof truncated !== "boolean"))
      return undefined;
    if (data !== undefined && !isJsonObject(data)) return undefined;
    if (hasOnlyKeys(value, patchKeys)) return value as RulesHookOutput<"modifyTransition">;
    const patch: RulesHookOutput<"modifyTransition"> = {};
    if (text !== undefined) patch.text = text;
    if (data !== undefined) patch.data = data;
    if (truncated !== undefined) patch.truncated = truncated;
    return patch;
  },
  filterObservation(value) {
    if (!isRecord(value) || typeof value.text !== "string") return undefined;
    const data = value.data;
    if (data === undefined)
      return "data" in value
        ? undefined
        : hasOnlyKeys(value, observationKeys)
          ? (value as Observation)
          : { text: value.text };
    if (!isJsonObject(data)) return undefined;
    return hasOnlyKeys(value, observationKeys) ? (value as Observation) : { text: value.text, data };
  },
  memory(value) {
    return isJsonObject(value) ? (value as JsonObject) : undefined;
  },
};

/**
 * The observation after a checked `modifyTransition` patch: the patch's `text` and `data`
 * replace the observation's own; every other field of the step is untouched elsewhere.
 * The Rules layer and a runtime that runs `filterObservation` right after
 * `modifyTransition` both use it, so both see the same observation.
 */
export function applyTransitionPatch(
  observation: Observation,
  patch: RulesHookOutput<"modifyTransition">,
): Observation {
  const data = patch.data ?? observation.data;
  return { text: patch.text ?? observation.text, ...(data === undefined ? {} : { data }) };
}
