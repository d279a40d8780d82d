import {
  apply,
  getPrototypeOf,
  isArray,
  isFiniteNumber,
  messageLimit,
  objectKeys,
  objectPrototype,
  objectToString,
  stringify,
  stringSlice,
  toText,
} from "./intrinsics.js";

/*
 * In-isolate code: the message and strict-JSON part of the Rules bootstrap (see `rules-bootstrap.ts`).
 */

// --- Messages and strict JSON serialisation with a size budget.
/** `text` cut to the message limit. */
export const shorten = (text: string): string =>
  text.length > messageLimit ? apply(stringSlice, text, [0, messageLimit]) + "…" : text;
/** A failure answer's JSON text: `{ok:false, code, message}`. */
export const failure = (code: string, message: string): string =>
  stringify({ ok: false, code, message: shorten(message) });
/** `Name: message` of a thrown value, or what it was; never throws. */
export const describeError = (error: unknown): string => {
  try {
    if (error !== null && (typeof error === "object" || typeof error === "function")) {
      const name: unknown = (error as { name?: unknown }).name;
      const message: unknown = (error as { message?: unknown }).message;
      if (typeof message === "string") return typeof name === "string" && name !== "" ? name + ": " + message : message;
    }
    return "a non-Error value was thrown: " + shorten(toText(error));
  } catch {
    return "an unreadable value was thrown";
  }
};
const describeValue = (value: unknown): string => {
  const type = typeof value;
  if (type === "number") return toText(value) + ", not a finite number";
  if (type === "function") return "a function";
  if (type === "symbol") return "a symbol";
  if (type === "bigint") return "a BigInt";
  const tag = apply(stringSlice, apply(objectToString, value, []), [8, -1]);
  if (tag === "Promise") return "a Promise (hooks must be synchronous)";
  if (tag === "Object") return "an object that is not plain (made by a class or Object.create)";
  return "a " + tag + " (only plain objects and arrays are JSON)";
};
// Strict JSON: one pass that reads each property once, refuses anything that is not JSON
// and stops as soon as the text would pass its budget (before a huge string is copied).
const notJson = {};
const overBudget = {};
const maximumDepth = 64;
/**
 * `root` as JSON text, refusing anything that is not JSON (functions, symbols, BigInt,
 * NaN/Infinity, `undefined` in arrays, Map/Set/class instances, Promises, nesting over 64
 * levels, which also catches cycles), naming where the offending value is, and stopping as
 * soon as the text would pass `limit` characters, so a huge value is never built. Throws
 * `[overBudget]` or `[notJson, message]` (read by `serializationFailure`).
 */
export const serialize = (root: unknown, limit: number): string => {
  let budget = limit;
  const path: (string | number)[] = [];
  const where = () => {
    let text = "";
    for (let index = 0; index < path.length && index < 8; index++) {
      const key = path[index];
      text += typeof key === "number" ? "[" + key + "]" : "." + key;
    }
    if (path.length > 8) text += "…";
    return text === "" ? "the value" : "the value at " + shorten(text.slice(text[0] === "." ? 1 : 0));
  };
  const spend = (size: number) => {
    budget -= size;
    if (budget < 0) throw [overBudget];
  };
  const write = (value: unknown, depth: number): string => {
    const type = typeof value;
    if (type === "string") {
      spend((value as string).length + 2);
      return stringify(value);
    }
    if (type === "number") {
      if (!isFiniteNumber(value)) throw [notJson, where() + " is " + describeValue(value)];
      const text = toText(value);
      spend(text.length);
      return text;
    }
    if (type === "boolean") {
      spend(5);
      return value ? "true" : "false";
    }
    if (value === null) {
      spend(4);
      return "null";
    }
    if (type !== "object") throw [notJson, where() + " is " + describeValue(value)];
    if (depth >= maximumDepth) {
      throw [notJson, where() + " is nested more than " + maximumDepth + " levels deep (or is part of a cycle)"];
    }
    spend(2);
    if (isArray(value)) {
      const length = value.length;
      let text = "[";
      for (let index = 0; index < length; index++) {
        path.push(index);
        const item = value[index];
        if (item === undefined) throw [notJson, where() + " is undefined inside an array"];
        spend(1);
        text += (index > 0 ? "," : "") + write(item, depth + 1);
        path.pop();
      }
      return text + "]";
    }
    const prototype = getPrototypeOf(value);
    if (prototype !== objectPrototype && prototype !== null) throw [notJson, where() + " is " + describeValue(value)];
    const record = value as Record<string, unknown>;
    const keys = objectKeys(record);
    let text = "{";
    let first = true;
    for (let index = 0; index < keys.length; index++) {
      const key = keys[index];
      path.push(key);
      const item = record[key];
      if (item !== undefined) {
        spend(key.length + 4);
        text += (first ? "" : ",") + stringify(key) + ":" + write(item, depth + 1);
        first = false;
      }
      path.pop();
    }
    return text + "}";
  };
  return write(root, 0);
};
/** The failure answer for what `serialize` threw on `what` (`tooLargeCode` when over `limit`). */
export const serializationFailure = (error: unknown, what: string, tooLargeCode: string, limit: number): string => {
  if (isArray(error) && error[0] === overBudget) {
    return failure(tooLargeCode, what + " is too large (over " + limit + " characters as JSON)");
  }
  if (isArray(error) && error[0] === notJson) return failure("bad-output", what + " is not JSON: " + error[1]);
  return failure("bad-output", what + " cannot be turned into JSON: " + describeError(error));
};
