/*
 * In-isolate code (bundled into the Rules bootstrap, see scripts/generate-sandbox-code.ts):
 * private references to every intrinsic the bootstrap uses, taken when
 * the bootstrap runs, before the lockdown changes or removes them and before any
 * component code exists in the isolate.
 */

export const global: typeof globalThis = globalThis;
export const freeze = Object.freeze;
export const getPrototypeOf = Object.getPrototypeOf;
export const getOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
export const defineProperty = Object.defineProperty;
export const apply = Reflect.apply;
export const ownKeys = Reflect.ownKeys;
export const isArray = Array.isArray;
export const stringify = JSON.stringify;
export const parse = JSON.parse;
export const objectPrototype = Object.prototype;
// Read without naming the global `Function`, so that the bundler keeps the name of the
// blocked `function Function` of the lockdown (a name it would otherwise rename).
export const functionPrototype: object = getPrototypeOf(freeze);
export const objectToString = Object.prototype.toString;
export const objectKeys = Object.keys;
export const isFiniteNumber = Number.isFinite;
export const imul = Math.imul;
export const toText = String;
export const toNumber = Number;
export const stringSlice = String.prototype.slice;
export const SetConstructor = Set;
export const setHas = Set.prototype.has;
export const setAdd = Set.prototype.add;
export const RangeErrorConstructor = RangeError;
export const TypeErrorConstructor = TypeError;
// Used by the budget only, never handed to component code.
export const now = Date.now;
// Used by the group part only, never handed to component code.
export const atomicsStore = Atomics.store;
export const Int32ArrayConstructor = Int32Array;
export const Float64ArrayConstructor = Float64Array;

/** The longest message a failure carries (then an ellipsis). */
export const messageLimit = 500;

/** Hidden intrinsics (not reachable from the global object by name), frozen at the end of the bootstrap. */
export const hiddenIntrinsics: object[] = [
  getPrototypeOf(function* () {}),
  getPrototypeOf(async () => {}),
  getPrototypeOf(async function* () {}),
  getPrototypeOf((function* () {})()),
  getPrototypeOf([][Symbol.iterator]()),
  getPrototypeOf(new Map()[Symbol.iterator]()),
  getPrototypeOf(new Set()[Symbol.iterator]()),
  getPrototypeOf(""[Symbol.iterator]()),
  getPrototypeOf(/a/[Symbol.matchAll]("")),
];
