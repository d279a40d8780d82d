/** Numbers of a group call besides the layers' contexts and pending memories (the longest list: `transitions`). */
const fixedNumbers = 24;

/** Action modes as the isolate numbers them (see `isolate-code/group.ts`): `f`, `n`, `j`, none. */
export const ACTION_MODE = { fields: 0, nameOnly: 1, json: 2, none: 3 } as const;
/** Observation modes as the isolate numbers them: `t`, `f`, `j`. */
export const OBSERVATION_MODE = { text: 0, fields: 1, json: 2 } as const;

/**
 * The inputs of one group call as the isolate reads them (see `isolate-code/group.ts`): every
 * number (flags as 0/1, each string's length, modes) in a `Float64Array` over memory shared
 * with the isolate, the strings one after another in the call's only argument. Nothing
 * needs formatting on this side or parsing on that side; one argument crosses far faster
 * than many. The isolate reads them in the order they are written, so each call kind writes
 * a fixed sequence; `start()` begins a call. Only the host writes, and only between calls
 * (a call is synchronous), so the isolate reads exactly what was written for it.
 */
export class GroupCallInputs {
  /** The shared numbers; hand `numbers.buffer` to the isolate once. */
  readonly numbers: Float64Array;
  #slot = 0;
  #text = "";

  /** Room for the inputs of a group of `layers` layers. */
  constructor(layers: number) {
    // Per layer: its turn and seed, and a pending memory's layer and length.
    this.numbers = new Float64Array(new SharedArrayBuffer(8 * (fixedNumbers + 4 * layers)));
  }

  start(): this {
    this.#slot = 0;
    this.#text = "";
    return this;
  }

  number(value: number): this {
    this.numbers[this.#slot++] = value;
    return this;
  }

  flag(value: boolean): this {
    this.numbers[this.#slot++] = value ? 1 : 0;
    return this;
  }

  text(value: string): this {
    this.numbers[this.#slot++] = value.length;
    this.#text += value;
    return this;
  }

  /** The call's argument: every string written, one after another. */
  argument(): string {
    return this.#text;
  }
}
