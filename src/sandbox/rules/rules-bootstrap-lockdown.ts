/**
 * The lockdown part of the Rules bootstrap (see `rulesBootstrapScript`, which supplies the
 * shared constants and captured intrinsics it uses: `elementLimit`, `apply`, `ownKeys`,
 * `defineProperty`, `freeze`, …). It guards the native builtins that walk a whole array or
 * string in one uninterruptible step, so huge sizes throw a `RangeError` instead of
 * stalling or aborting the host; removes clocks, locale, weak references, binary buffers,
 * shared memory, WebAssembly, `Proxy`, `Reflect`, `Promise` and `console`; replaces `eval`,
 * every function constructor and `Math.random` with throwing functions; deletes the legacy
 * `RegExp.$1…` statics; defines `defineRules`; and defines `harden`, the deep freeze.
 */
export const rulesBootstrapLockdown: string = `
  // --- Guards on builtins that run as one uninterruptible step over a whole array/string.
  const lengthOf = (value) => {
    if (value === null || value === undefined) return 0;
    const length = toNumber(value.length);
    return length > 0 ? length : 0;
  };
  const guard = (owner, name, sizeOf) => {
    const original = owner[name];
    if (typeof original !== "function") return;
    const guarded = {
      [name](...args) {
        if (sizeOf(this, args) > elementLimit) {
          throw new RangeErrorConstructor(name + ": too large for the sandbox (over " + elementLimit + " elements)");
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
  guard(Array, "from", (receiver, args) => lengthOf(args[0]));
  guard(String.prototype, "split", (receiver) => lengthOf(toText(receiver)));
  guard(String.prototype, "repeat", (receiver, args) => lengthOf(toText(receiver)) * (toNumber(args[0]) || 0));
  guard(String.prototype, "padStart", (receiver, args) => toNumber(args[0]) || 0);
  guard(String.prototype, "padEnd", (receiver, args) => toNumber(args[0]) || 0);
  const stringArgument = (receiver, args) => (typeof args[0] === "string" ? args[0].length : 0);
  guard(Object, "keys", stringArgument);
  guard(Object, "values", stringArgument);
  guard(Object, "entries", stringArgument);
  guard(Object, "getOwnPropertyNames", stringArgument);

  // --- Remove what components may not use; replace code generation and Math.random.
  const removed = [
    "Date", "Intl", "WeakRef", "FinalizationRegistry", "SharedArrayBuffer", "Atomics", "WebAssembly",
    "ArrayBuffer", "DataView", "Int8Array", "Uint8Array", "Uint8ClampedArray", "Int16Array", "Uint16Array",
    "Int32Array", "Uint32Array", "Float32Array", "Float64Array", "BigInt64Array", "BigUint64Array",
    "Proxy", "Reflect", "Promise", "console",
  ];
  for (let index = 0; index < removed.length; index++) delete global[removed[index]];
  const thrower = (name, hint) =>
    ({
      [name]() {
        throw new TypeErrorConstructor(name + " is not available in components" + hint);
      },
    })[name];
  const blockedFunction = function Function() {
    throw new TypeErrorConstructor("the Function constructor is not available in components");
  };
  blockedFunction.prototype = Function.prototype;
  const functionPrototypes = [Function.prototype, hiddenIntrinsics[0], hiddenIntrinsics[1], hiddenIntrinsics[2]];
  for (let index = 0; index < functionPrototypes.length; index++) {
    defineProperty(functionPrototypes[index], "constructor", { value: blockedFunction, writable: false, enumerable: false, configurable: false });
  }
  defineProperty(global, "Function", { value: blockedFunction, writable: false, enumerable: false, configurable: false });
  defineProperty(global, "eval", { value: thrower("eval", ""), writable: false, enumerable: false, configurable: false });
  defineProperty(Math, "random", { value: thrower("Math.random", ": use context.random()"), writable: false, enumerable: false, configurable: false });
  const regExpStatics = ["$1", "$2", "$3", "$4", "$5", "$6", "$7", "$8", "$9", "input", "$_", "lastMatch", "$&", "lastParen", "$+", "leftContext", "$\`", "rightContext", "$'"];
  for (let index = 0; index < regExpStatics.length; index++) delete RegExp[regExpStatics[index]];
  defineProperty(global, "defineRules", {
    value: function defineRules(rules) {
      return rules;
    },
    writable: false,
    enumerable: false,
    configurable: false,
  });

  // --- Deep freeze: the object, its prototype, and every property value and accessor.
  const harden = (root) => {
    const seen = new SetConstructor();
    const pending = [root];
    while (pending.length > 0) {
      const value = pending.pop();
      if (value === null || (typeof value !== "object" && typeof value !== "function") || apply(setHas, seen, [value])) continue;
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
`;
