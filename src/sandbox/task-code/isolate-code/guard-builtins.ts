import { apply, defineProperty, RangeErrorConstructor, toNumber, toText } from "./intrinsics.js";

/*
 * In-isolate code: a few native builtins that allocate a huge result in one
 * uninterruptible step are wrapped to throw a `RangeError` above the element limit:
 * `Array.prototype.fill` (a holey array of 10^8 elements aborts the whole process through
 * V8's fatal out-of-memory path, below any isolate memory limit), `Array.from` of an
 * array-like, and `String.prototype.repeat` / `padStart` / `padEnd` (which otherwise
 * overrun the call timeout by seconds).
 */

type SizeOf = (receiver: unknown, args: unknown[]) => number;

const lengthOf = (value: unknown): number => {
  if (value === null || value === undefined) return 0;
  const length = toNumber((value as { length?: unknown }).length);
  // biome-ignore lint/complexity/useMathMinMax: NaN must give 0, and Math is the task code's to change.
  return length > 0 ? length : 0;
};

const guard = (owner: object, name: string, sizeOf: SizeOf, elementLimit: number): void => {
  const original = (owner as Record<string, unknown>)[name] as (...args: unknown[]) => unknown;
  // A method (not an arrow) named like the original, so `this` is the receiver.
  const guarded = {
    [name](this: unknown, ...args: unknown[]) {
      if (sizeOf(this, args) > elementLimit) {
        throw new RangeErrorConstructor(`${name}: result too large for the sandbox (over ${elementLimit} elements)`);
      }
      return apply(original, this, args);
    },
  }[name];
  defineProperty(owner, name, { value: guarded, writable: true, enumerable: false, configurable: true });
};

/** Wrap the builtins that allocate in one step so that none produces more than `elementLimit` elements. */
export function guardBuiltins(elementLimit: number): void {
  guard(Array.prototype, "fill", (receiver) => lengthOf(receiver), elementLimit);
  guard(Array, "from", (_receiver, args) => (typeof args[0] === "string" ? 0 : lengthOf(args[0])), elementLimit);
  guard(
    String.prototype,
    "repeat",
    (receiver, args) => lengthOf(toText(receiver)) * (toNumber(args[0]) || 0),
    elementLimit,
  );
  guard(String.prototype, "padStart", (_receiver, args) => toNumber(args[0]) || 0, elementLimit);
  guard(String.prototype, "padEnd", (_receiver, args) => toNumber(args[0]) || 0, elementLimit);
}
