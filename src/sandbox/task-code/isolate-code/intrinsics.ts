/*
 * In-isolate code (bundled into the task-code bootstrap, see scripts/generate-sandbox-code.ts):
 * private references to every intrinsic the invoker uses, taken when the bootstrap runs,
 * before any task code exists in the context, so task code that reassigns globals
 * (`JSON`, `Object.keys`, …) cannot change how results are read.
 */

export const apply = Reflect.apply;
export const isArray = Array.isArray;
export const objectKeys = Object.keys;
export const getPrototypeOf = Object.getPrototypeOf;
export const defineProperty = Object.defineProperty;
export const objectPrototype = Object.prototype;
export const objectToString = Object.prototype.toString;
export const symbolToString = Symbol.prototype.toString;
export const isFiniteNumber = Number.isFinite;
export const toNumber = Number;
export const toText = String;
export const quote = JSON.stringify;
export const stringSlice = String.prototype.slice;
export const SetConstructor = Set;
export const setHas = Set.prototype.has;
export const setAdd = Set.prototype.add;
export const setDelete = Set.prototype.delete;
export const RangeErrorConstructor = RangeError;

/** The longest text form kept (then an ellipsis). */
export const textLimit = 200;
/** The most array items or object keys a text form shows. */
export const itemLimit = 20;

/** A set of the values being walked (cycle detection), through the private references. */
export type Ancestors = Set<unknown>;
/** Whether `value` is being walked. */
export const has = (ancestors: Ancestors, value: unknown): boolean => apply(setHas, ancestors, [value]);
/** Mark `value` as being walked. */
export const enter = (ancestors: Ancestors, value: unknown): void => {
  apply(setAdd, ancestors, [value]);
};
/** `value` is walked. */
export const leave = (ancestors: Ancestors, value: unknown): void => {
  apply(setDelete, ancestors, [value]);
};
/** `text` cut to {@link textLimit} characters (and an ellipsis). */
export const shorten = (text: string): string =>
  text.length > textLimit ? `${apply(stringSlice, text, [0, textLimit])}…` : text;
