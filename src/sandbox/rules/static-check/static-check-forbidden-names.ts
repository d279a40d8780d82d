import { REGEXP_STATICS } from "../isolate-code/regexp-statics.js";
const hostAccess = "components cannot reach the host: use only the hook arguments and the harness API";
const codeFromText = "code from strings is not available in components";
const reflection = "reflection is not available in components";
const nondeterministic = "hooks must be deterministic: there is no clock in components (use context.turn)";
const asynchronous = "hooks are synchronous: there are no timers or promises in components";
const binary = "binary buffers and shared memory are not available in components";
const garbageCollection = "weak references observe garbage collection, which is not deterministic";

/**
 * Global names components may not use, each with the reason shown to the designer. A name
 * in this list is refused wherever it is not a property name (`x.process` is fine,
 * `process` and `{ process }` are not).
 */
export const forbiddenGlobals: ReadonlyMap<string, string> = new Map([
  ["process", hostAccess],
  ["global", hostAccess],
  ["globalThis", hostAccess],
  ["window", hostAccess],
  ["self", hostAccess],
  ["require", hostAccess],
  ["module", hostAccess],
  ["exports", hostAccess],
  ["__dirname", hostAccess],
  ["__filename", hostAccess],
  ["console", "there is no console in components: return data instead"],
  ["fetch", hostAccess],
  ["eval", codeFromText],
  ["Function", codeFromText],
  ["Reflect", reflection],
  ["Proxy", reflection],
  ["Date", nondeterministic],
  ["Intl", "Intl depends on the host's locale and clock, so it is not deterministic"],
  ["performance", nondeterministic],
  ["setTimeout", asynchronous],
  ["setInterval", asynchronous],
  ["setImmediate", asynchronous],
  ["clearTimeout", asynchronous],
  ["clearInterval", asynchronous],
  ["clearImmediate", asynchronous],
  ["queueMicrotask", asynchronous],
  ["Promise", asynchronous],
  ["WebAssembly", binary],
  ["SharedArrayBuffer", binary],
  ["Atomics", binary],
  ["ArrayBuffer", binary],
  ["DataView", binary],
  ["Int8Array", binary],
  ["Uint8Array", binary],
  ["Uint8ClampedArray", binary],
  ["Int16Array", binary],
  ["Uint16Array", binary],
  ["Int32Array", binary],
  ["Uint32Array", binary],
  ["Float32Array", binary],
  ["Float64Array", binary],
  ["BigInt64Array", binary],
  ["BigUint64Array", binary],
  ["WeakRef", garbageCollection],
  ["FinalizationRegistry", garbageCollection],
  ["arguments", "use rest parameters instead of `arguments`"],
]);

const prototypeAccess = "prototype chains are off limits in components (it is how sandboxes are escaped)";

/**
 * Property names components may not access, with the reason. Refused after a dot
 * (`x.constructor`), as a constant element key (`x["constr" + "uctor"]`) and in
 * destructuring (`const { constructor } = x`).
 */
export const forbiddenMembers: ReadonlyMap<string, string> = new Map([
  ["constructor", prototypeAccess],
  ["prototype", prototypeAccess],
  ["__proto__", prototypeAccess],
  ["__defineGetter__", prototypeAccess],
  ["__defineSetter__", prototypeAccess],
  ["__lookupGetter__", prototypeAccess],
  ["__lookupSetter__", prototypeAccess],
  ["caller", prototypeAccess],
  ["callee", prototypeAccess],
]);

/**
 * Static members of `RegExp` that carry the last match between calls (legacy statics);
 * reading them would let one hook call see another's data.
 */
export const forbiddenRegExpStatics: ReadonlySet<string> = new Set(REGEXP_STATICS);

/** Names starting with this prefix are reserved for the sandbox's own bindings. */
export const reservedNamePrefix = "__envrigger";
