import {
  type Ancestors,
  apply,
  enter,
  getPrototypeOf,
  has,
  isArray,
  itemLimit,
  leave,
  objectKeys,
  objectPrototype,
  objectToString,
  quote,
  SetConstructor,
  shorten,
  symbolToString,
  toText,
} from "./intrinsics.js";

/* In-isolate code: short text forms of values that are not JSON, and of what task code threw. */

/** A short text form of any value (for results that are not JSON). */
export const describeValue = (value: unknown, ancestors: Ancestors, depth: number): string => {
  switch (typeof value) {
    case "undefined":
      return "undefined";
    case "number":
      return value === 0 ? "0" : toText(value);
    case "bigint":
      return `${toText(value)}n`;
    case "symbol":
      return apply(symbolToString, value, []);
    case "function":
      return "function";
    case "string":
      return quote(shorten(value));
    case "boolean":
      return value ? "true" : "false";
  }
  if (value === null) return "null";
  if (has(ancestors, value)) return "[Circular]";
  if (depth > 8) return "…";
  enter(ancestors, value);
  let text: string;
  if (isArray(value)) {
    const length = value.length;
    text = "[";
    for (let index = 0; index < length && index < itemLimit; index++) {
      text +=
        (index > 0 ? "," : "") + (index in value ? describeValue(value[index], ancestors, depth + 1) : "undefined");
    }
    text += `${length > itemLimit ? ",…" : ""}]`;
  } else {
    const prototype = getPrototypeOf(value);
    if (prototype !== objectPrototype && prototype !== null) {
      text = apply(objectToString, value, []);
    } else {
      const keys = objectKeys(value as object);
      text = "{";
      for (let index = 0; index < keys.length && index < itemLimit; index++) {
        const key = keys[index]!;
        text += `${index > 0 ? "," : ""}${quote(key)}:${describeValue((value as Record<string, unknown>)[key], ancestors, depth + 1)}`;
      }
      text += `${keys.length > itemLimit ? ",…" : ""}}`;
    }
  }
  leave(ancestors, value);
  return shorten(text);
};

/** `Name: message` of what task code threw, or a short text form of it. */
export const describeError = (error: unknown): string => {
  try {
    if (error !== null && (typeof error === "object" || typeof error === "function")) {
      const name = (error as { name?: unknown }).name;
      const message = (error as { message?: unknown }).message;
      if (typeof message === "string") {
        return shorten(typeof name === "string" && name !== "" ? `${name}: ${message}` : message);
      }
    }
    return shorten(`threw ${describeValue(error, new SetConstructor(), 0)}`);
  } catch {
    return "threw an unreadable value";
  }
};
