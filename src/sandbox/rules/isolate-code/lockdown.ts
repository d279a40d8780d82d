import { elementLimit } from "./limits.js";
import { REGEXP_STATICS } from "./regexp-statics.js";
import {
  apply,
  defineProperty,
  freeze,
  functionPrototype,
  getOwnPropertyDescriptor,
  getPrototypeOf,
  global,
  hiddenIntrinsics,
  ownKeys,
  RangeErrorConstructor,
  SetConstructor,
  setAdd,
  setHas,
  TypeErrorConstructor,
  toNumber,
  toText,
} from "./intrinsics.js";

/*
 * In-isolate code: the lockdown part of the Rules bootstrap (see `rules-bootstrap.ts`).
 */

/** How large a guarded builtin's result would be, from its receiver and arguments. */
type SizeOf = (receiver: unknown, args: unknown[]) => number;

// --- Guards on builtins that run as one uninterruptible step over a whole array/string.
const lengthOf = (value: unknown): number => {
  if (value === null || value === undefined) return 0;
  const length = toNumber((value as { length?: unknown }).length);
  return length > 0 ? length : 0;
};

/**
 * Lock the isolate down, before any component code exists there. Guards the native
 * builtins that walk a whole array or string in one uninterruptible step, so sizes over
 * `elementLimit` throw a `RangeError` instead of stalling or aborting the host; removes
 * clocks, locale, weak references, binary buffers, shared memory, WebAssembly, `Proxy`,
 * `Reflect`, `Promise` and `console`; replaces `eval`, every function constructor and
 * `Math.random` with throwing functions; deletes the legacy `RegExp.$1…` statics; and
 * defines `defineRules`.
 */
export function lockDown(): void {
  const guard = (owner: object, name: string, sizeOf: SizeOf): void => {
    const original: unknown = (owner as Record<string, unknown>)[name];
    if (typeof original !== "function") return;
    const guarded = {
      [name](this: unknown, ...args: unknown[]) {
        if (sizeOf(this, args) > elementLimit) {
          throw new RangeErrorConstructor(`${name}: too large for the sandbox (over ${elementLimit} elements)`);
        }
        return apply(original, this, args);
      },
    }[name];
    defineProperty(owner, name, { value: guarded, writable: true, enumerable: false, configurable: true });
  };
  const unguarded = new SetConstructor(["constructor", "push", "pop", "values", "keys", "entries", "concat"]);
  const arrayMethods = ownKeys(Array.prototype);
  for (let index = 0; index < arrayMethods.length; index++) {
    const name = arrayMethods[index];
    if (typeof name === "string" && !apply(setHas, unguarded, [name])) guard(Array.prototype, name, lengthOf);
  }
  guard(Array.prototype, "concat", (receiver, args) => {
    let total = lengthOf(receiver);
    for (let index = 0; index < args.length; index++) total += lengthOf(args[index]);
    return total;
  });
  guard(Array, "from", (_receiver, args) => lengthOf(args[0]));
  guard(String.prototype, "split", (receiver) => lengthOf(toText(receiver)));
  guard(String.prototype, "repeat", (receiver, args) => lengthOf(toText(receiver)) * (toNumber(args[0]) || 0));
  guard(String.prototype, "padStart", (_receiver, args) => toNumber(args[0]) || 0);
  guard(String.prototype, "padEnd", (_receiver, args) => toNumber(args[0]) || 0);
  const stringArgument: SizeOf = (_receiver, args) => (typeof args[0] === "string" ? args[0].length : 0);
  guard(Object, "keys", stringArgument);
  guard(Object, "values", stringArgument);
  guard(Object, "entries", stringArgument);
  guard(Object, "getOwnPropertyNames", stringArgument);

  // --- Remove what components may not use; replace code generation and Math.random.
  const removed = [
    "Date",
    "Intl",
    "WeakRef",
    "FinalizationRegistry",
    "SharedArrayBuffer",
    "Atomics",
    "WebAssembly",
    "ArrayBuffer",
    "DataView",
    "Int8Array",
    "Uint8Array",
    "Uint8ClampedArray",
    "Int16Array",
    "Uint16Array",
    "Int32Array",
    "Uint32Array",
    "Float32Array",
    "Float64Array",
    "BigInt64Array",
    "BigUint64Array",
    "Proxy",
    "Reflect",
    "Promise",
    "console",
  ];
  for (let index = 0; index < removed.length; index++) delete (global as Record<string, unknown>)[removed[index]];
  const thrower = (name: string, hint: string) =>
    ({
      [name]() {
        throw new TypeErrorConstructor(`${name} is not available in components${hint}`);
      },
    })[name];
  // Named `Function` on purpose: it stands in for the global `Function` (its name, as seen by component code).
  // biome-ignore lint/suspicious/noShadowRestrictedNames: the stand-in must carry the name `Function`.
  const blockedFunction = function Function() {
    throw new TypeErrorConstructor("the Function constructor is not available in components");
  };
  blockedFunction.prototype = functionPrototype;
  const functionPrototypes = [functionPrototype, hiddenIntrinsics[0], hiddenIntrinsics[1], hiddenIntrinsics[2]];
  for (let index = 0; index < functionPrototypes.length; index++) {
    defineProperty(functionPrototypes[index], "constructor", {
      value: blockedFunction,
      writable: false,
      enumerable: false,
      configurable: false,
    });
  }
  defineProperty(global, "Function", {
    value: blockedFunction,
    writable: false,
    enumerable: false,
    configurable: false,
  });
  defineProperty(global, "eval", {
    value: thrower("eval", ""),
    writable: false,
    enumerable: false,
    configurable: false,
  });
  defineProperty(Math, "random", {
    value: thrower("Math.random", ": use context.random()"),
    writable: false,
    enumerable: false,
    configurable: false,
  });
  for (let index = 0; index < REGEXP_STATICS.length; index++) {
    delete (RegExp as unknown as Record<string, unknown>)[REGEXP_STATICS[index]];
  }
  defineProperty(global, "defineRules", {
    value: function defineRules(rules: unknown) {
      return rules;
    },
    writable: false,
    enumerable: false,
    configurable: false,
  });
}

/** Deep freeze: the object, its prototype, and every property value and accessor. */
export const harden = <T>(root: T): T => {
  const seen = new SetConstructor();
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (value === null || (typeof value !== "object" && typeof value !== "function") || apply(setHas, seen, [value])) {
      continue;
    }
    apply(setAdd, seen, [value]);
    freeze(value);
    pending.push(getPrototypeOf(value));
    const keys = ownKeys(value);
    for (let index = 0; index < keys.length; index++) {
      const descriptor = getOwnPropertyDescriptor(value, keys[index]);
      if (descriptor === undefined) continue;
      if ("value" in descriptor) pending.push(descriptor.value);
      else pending.push(descriptor.get, descriptor.set);
    }
  }
  return root;
};
