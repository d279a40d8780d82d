import {
  type Ancestors,
  defineProperty,
  enter,
  getPrototypeOf,
  has,
  isArray,
  isFiniteNumber,
  leave,
  objectKeys,
  objectPrototype,
} from "./intrinsics.js";

/* In-isolate code: a JSON-only copy of a task function's result. */

/** Thrown by {@link toJson} for a value that is not strictly JSON. */
export const notJson = {};

const define = (target: object, key: string | number, value: unknown) =>
  defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });

/**
 * A fresh JSON-only copy of `value` (finite numbers, `-0` as `0`, strings, booleans, null,
 * arrays without holes, plain objects, no cycles), or throw {@link notJson}.
 */
export const toJson = (value: unknown, ancestors: Ancestors): unknown => {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") {
    if (!isFiniteNumber(value)) throw notJson;
    return value === 0 ? 0 : value;
  }
  if (typeof value !== "object" || has(ancestors, value)) throw notJson;
  enter(ancestors, value);
  let copy: object;
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
      define(copy, keys[index]!, toJson((value as Record<string, unknown>)[keys[index]!], ancestors));
    }
  }
  leave(ancestors, value);
  return copy;
};
