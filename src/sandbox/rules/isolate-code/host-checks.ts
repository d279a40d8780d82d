import { isArray, objectKeys } from "./intrinsics.js";
import { textLimit } from "./limits.js";

/*
 * In-isolate code: the host's own rules for what a hook returned (see
 * `rules-hook-output.ts`), applied inside the isolate by the groups (see `group.ts`) so
 * that a layer's memory and value are kept only when the host will accept them.
 */

/** A JSON value (as parsed). */
type Json = unknown;
/** A JSON object (as parsed). */
type JsonRecord = Record<string, Json>;

/** Whether `value` is a JSON object (not null, not an array). */
export const isRecord = (value: Json): value is JsonRecord =>
  value !== null && typeof value === "object" && !isArray(value);
const onlyKeys = (record: object, allowed: string[]): boolean => {
  const keys = objectKeys(record);
  for (let index = 0; index < keys.length; index++) if (allowed.indexOf(keys[index]) < 0) return false;
  return true;
};
/** The same equality as the host's jsonEqual (keys in any order). */
export const jsonEqual = (left: Json, right: Json): boolean => {
  if (left === right) return true;
  if (!isRecord(left) && !isArray(left)) return false;
  if (!isRecord(right) && !isArray(right)) return false;
  if (isArray(left) !== isArray(right)) return false;
  if (isArray(left)) {
    if (left.length !== (right as Json[]).length) return false;
    for (let index = 0; index < left.length; index++)
      if (!jsonEqual(left[index], (right as Json[])[index])) return false;
    return true;
  }
  const keys = objectKeys(left);
  if (keys.length !== objectKeys(right).length) return false;
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index];
    if (!(key in (right as JsonRecord)) || !jsonEqual(left[key], (right as JsonRecord)[key])) return false;
  }
  return true;
};
/** What the host will read as a block, an action or neither (then it refuses the value). */
export const actionVerdict = (value: Json): "block" | "action" | "bad" => {
  if (!isRecord(value)) return "bad";
  if (onlyKeys(value, ["block"]))
    return typeof value.block === "string" && value.block.length > 0 && value.block.length <= textLimit
      ? "block"
      : "bad";
  if (!onlyKeys(value, ["name", "args"])) return "bad";
  return typeof value.name === "string" && value.name.length > 0 && isRecord(value.args) ? "action" : "bad";
};
/** The transition patch the host accepts, or undefined (see decodeTransitionPatch). */
export const patchOf = (value: Json, truncated: boolean): JsonRecord | undefined => {
  if (!isRecord(value) || !onlyKeys(value, ["text", "data", "truncated"])) return undefined;
  if ("text" in value && (typeof value.text !== "string" || value.text.length > textLimit)) return undefined;
  if ("data" in value && !isRecord(value.data)) return undefined;
  if ("truncated" in value && typeof value.truncated !== "boolean") return undefined;
  if (value.truncated === false && truncated) return undefined;
  return value;
};
/** Whether the host reads `value` as an observation. */
export const isObservation = (value: Json): value is { text: string; data?: JsonRecord } =>
  isRecord(value) &&
  onlyKeys(value, ["text", "data"]) &&
  typeof value.text === "string" &&
  value.text.length <= textLimit &&
  (!("data" in value) || isRecord(value.data));
