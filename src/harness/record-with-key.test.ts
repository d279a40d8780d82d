import { describe, expect, it } from "vitest";
import type { JsonObject } from "../core/json.js";
import { recordWithKey } from "./record-with-key.js";

/** The reference: what `recordWithKey` must equal. */
const spread = (record: JsonObject, key: string, value: JsonObject["x"]) => ({ ...record, [key]: value });

describe("recordWithKey", () => {
  it("equals { ...record, [key]: value }: keys, order and values, the input untouched", () => {
    const cases: JsonObject[] = [
      {},
      { stop: null, turns: 3, actionError: null, success: false },
      { a: 1, layers: [1], b: { c: 2 } },
      { 2: "two", 1: "one", z: true },
    ];
    for (const record of cases) {
      const before = JSON.stringify(record);
      for (const key of ["layers", "a", "setupReplay", "1"]) {
        const copy = recordWithKey(record, key, [{ x: 1 }]);
        expect(copy).not.toBe(record);
        expect(Object.keys(copy)).toEqual(Object.keys(spread(record, key, [{ x: 1 }])));
        expect(JSON.stringify(copy)).toBe(JSON.stringify(spread(record, key, [{ x: 1 }])));
        expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
      }
      expect(JSON.stringify(record)).toBe(before);
    }
  });

  it("copies an own __proto__ key as a key (parsed JSON can have one) and sets a __proto__ key as a key", () => {
    const parsed = JSON.parse('{"a":1,"__proto__":{"polluted":true},"b":2}') as JsonObject;
    const copy = recordWithKey(parsed, "layers", []);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(["a", "__proto__", "b", "layers"]);
    expect(JSON.stringify(copy)).toBe('{"a":1,"__proto__":{"polluted":true},"b":2,"layers":[]}');
    const keyed = recordWithKey({ a: 1 }, "__proto__", { polluted: true });
    expect(Object.getPrototypeOf(keyed)).toBe(Object.prototype);
    expect(JSON.stringify(keyed)).toBe('{"a":1,"__proto__":{"polluted":true}}');
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });
});
