import { z } from "zod";
import { EnvriggerError } from "../../core/errors.js";
import { jsonSchema } from "../../core/json.js";

/**
 * What one call of task code gives back from the isolate, as a tagged tuple:
 * - `[0, value]`: the function returned `value`, which is strictly JSON (finite numbers,
 *   strings, booleans, null, arrays without holes, plain objects, no cycles); `-0` is `0`;
 * - `[1, text]`: the function returned something that is not JSON (`undefined`, `NaN`,
 *   `Infinity`, a function, a cycle, a `Map`…); `text` is its short text form;
 * - `[2, message]`: the function threw; `message` is `Name: message` of what it threw.
 */
export const taskCodeInvocationSchema = z.union([
  z.tuple([z.literal(0), jsonSchema]),
  z.tuple([z.literal(1), z.string()]),
  z.tuple([z.literal(2), z.string()]),
]);
/** One call's outcome as the isolate reports it (see {@link taskCodeInvocationSchema}). */
export type TaskCodeInvocation = z.infer<typeof taskCodeInvocationSchema>;

/**
 * JavaScript run in every fresh task-code context before the prelude and the task code.
 * Its completion value is the *invoker*: `(target) => (args) => TaskCodeInvocation`, which
 * calls `target(...args)` and turns the outcome into a clean, JSON-only tuple (so copying
 * it out of the isolate never runs task code and never fails).
 *
 * Hardening, done before any untrusted code exists in the context:
 * - the invoker keeps its own references to the intrinsics it uses, so task code that
 *   reassigns globals (`JSON`, `Object.keys`, …) cannot change how results are read;
 * - a few native builtins that allocate a huge result in one uninterruptible step are
 *   wrapped to throw a `RangeError` above `elementLimit` elements: `Array.prototype.fill`
 *   (a holey array of 10^8 elements aborts the whole process through V8's fatal
 *   out-of-memory path, below any isolate memory limit), `Array.from` of an array-like,
 *   and `String.prototype.repeat` / `padStart` / `padEnd` (which otherwise overrun the
 *   call timeout by seconds).
 *
 * @param elementLimit - the largest element (or character) count the guarded builtins
 *   may produce.
 */
export function taskCodeBootstrapSource(elementLimit: number): string {
  if (!Number.isSafeInteger(elementLimit) || elementLimit < 1) {
    throw new EnvriggerError("BAD_ARGUMENT", `elementLimit must be a positive safe integer, got ${elementLimit}`);
  }
  return `"use strict";
(() => {
  const elementLimit = ${elementLimit};
  const textLimit = 200;
  const itemLimit = 20;
  const apply = Reflect.apply;
  const isArray = Array.isArray;
  const objectKeys = Object.keys;
  const getPrototypeOf = Object.getPrototypeOf;
  const defineProperty = Object.defineProperty;
  const objectPrototype = Object.prototype;
  const objectToString = Object.prototype.toString;
  const symbolToString = Symbol.prototype.toString;
  const isFiniteNumber = Number.isFinite;
  const toNumber = Number;
  const toText = String;
  const quote = JSON.stringify;
  const stringSlice = String.prototype.slice;
  const SetConstructor = Set;
  const setHas = Set.prototype.has;
  const setAdd = Set.prototype.add;
  const setDelete = Set.prototype.delete;
  const RangeErrorConstructor = RangeError;

  const lengthOf = (value) => {
    if (value === null || value === undefined) return 0;
    const length = toNumber(value.length);
    return length > 0 ? length : 0;
  };
  const guard = (owner, name, sizeOf) => {
    const original = owner[name];
    const guarded = {
      [name](...args) {
        if (sizeOf(this, args) > elementLimit) {
          throw new RangeErrorConstructor(name + ": result too large for the sandbox (over " + elementLimit + " elements)");
        }
        return apply(original, this, args);
      },
    }[name];
    defineProperty(owner, name, { value: guarded, writable: true, enumerable: false, configurable: true });
  };
  guard(Array.prototype, "fill", (receiver) => lengthOf(receiver));
  guard(Array, "from", (receiver, args) => (typeof args[0] === "string" ? 0 : lengthOf(args[0])));
  guard(String.prototype, "repeat", (receiver, args) => lengthOf(toText(receiver)) * (toNumber(args[0]) || 0));
  guard(String.prototype, "padStart", (receiver, args) => toNumber(args[0]) || 0);
  guard(String.prototype, "padEnd", (receiver, args) => toNumber(args[0]) || 0);

  const notJson = {};
  const define = (target, key, value) =>
    defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  // A fresh JSON-only copy of value, or throw notJson.
  const toJson = (value, ancestors) => {
    if (value === null || typeof value === "string" || typeof value === "boolean") return value;
    if (typeof value === "number") {
      if (!isFiniteNumber(value)) throw notJson;
      return value === 0 ? 0 : value;
    }
    if (typeof value !== "object" || apply(setHas, ancestors, [value])) throw notJson;
    apply(setAdd, ancestors, [value]);
    let copy;
    if (isArray(value)) {
      copy = [];
      const length = value.length;
      for (let index = 0; index < length; index++) {
        if (!(index in value)) throw notJson;
        define(copy, index, toJson(value[index], ancestors));
      }
    } else {
      const prototype = getPrototypeOf(value);
      if (prototype !== objectPrototype && prototype !== null) throw notJson;
      copy = {};
      const keys = objectKeys(value);
      for (let index = 0; index < keys.length; index++) {
        define(copy, keys[index], toJson(value[keys[index]], ancestors));
      }
    }
    apply(setDelete, ancestors, [value]);
    return copy;
  };
  const shorten = (text) => (text.length > textLimit ? apply(stringSlice, text, [0, textLimit]) + "…" : text);
  // A short text form of any value (for results that are not JSON).
  const describe = (value, ancestors, depth) => {
    switch (typeof value) {
      case "undefined": return "undefined";
      case "number": return value === 0 ? "0" : toText(value);
      case "bigint": return toText(value) + "n";
      case "symbol": return apply(symbolToString, value, []);
      case "function": return "function";
      case "string": return quote(shorten(value));
      case "boolean": return value ? "true" : "false";
    }
    if (value === null) return "null";
    if (apply(setHas, ancestors, [value])) return "[Circular]";
    if (depth > 8) return "…";
    apply(setAdd, ancestors, [value]);
    let text;
    if (isArray(value)) {
      const length = value.length;
      text = "[";
      for (let index = 0; index < length && index < itemLimit; index++) {
        text += (index > 0 ? "," : "") + (index in value ? describe(value[index], ancestors, depth + 1) : "undefined");
      }
      text += (length > itemLimit ? ",…" : "") + "]";
    } else {
      const prototype = getPrototypeOf(value);
      if (prototype !== objectPrototype && prototype !== null) {
        text = apply(objectToString, value, []);
      } else {
        const keys = objectKeys(value);
        text = "{";
        for (let index = 0; index < keys.length && index < itemLimit; index++) {
          text += (index > 0 ? "," : "") + quote(keys[index]) + ":" + describe(value[keys[index]], ancestors, depth + 1);
        }
        text += (keys.length > itemLimit ? ",…" : "") + "}";
      }
    }
    apply(setDelete, ancestors, [value]);
    return shorten(text);
  };
  const describeError = (error) => {
    try {
      if (error !== null && (typeof error === "object" || typeof error === "function")) {
        const name = error.name;
        const message = error.message;
        if (typeof message === "string") {
          return shorten(typeof name === "string" && name !== "" ? name + ": " + message : message);
        }
      }
      return shorten("threw " + describe(error, new SetConstructor(), 0));
    } catch {
      return "threw an unreadable value";
    }
  };

  return (target) => (args) => {
    let value;
    try {
      value = apply(target, undefined, args);
    } catch (error) {
      return [2, describeError(error)];
    }
    try {
      return [0, toJson(value, new SetConstructor())];
    } catch (error) {
      if (error !== notJson) return [2, describeError(error)];
    }
    try {
      return [1, describe(value, new SetConstructor(), 0)];
    } catch {
      return [1, "an unreadable value"];
    }
  };
})();
`;
}
