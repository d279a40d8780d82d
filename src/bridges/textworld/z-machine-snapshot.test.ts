import { describe, expect, it } from "vitest";
import { decodeZMachineSnapshot, encodeZMachineSnapshot, type ZvmAutosave } from "./z-machine-snapshot.js";

/** A small autosave in ZVM's shape. */
function autosave(): ZvmAutosave {
  return {
    glk: { windows: [{ rock: 201, linebuf: { arr: [104, 105] } }] },
    io: { streams: [0, 1, {}, [], {}], width: 80 },
    ram: Uint8Array.from([70, 79, 82, 77, 0, 255]),
    read_data: { buffer: 3, storer: -1 },
    xorshift_seed: 12345,
  };
}

describe("decodeZMachineSnapshot", () => {
  it("gives every resume its own Glk, I/O and read state, equal to what was encoded", () => {
    const snapshot = encodeZMachineSnapshot(autosave());
    const first = decodeZMachineSnapshot(snapshot);
    expect(first.glk).toEqual(snapshot.glk);
    expect(Array.from(first.ram)).toEqual([70, 79, 82, 77, 0, 255]);
    // ZVM keeps and changes these: a second resume of the same snapshot must not see the changes.
    (first.glk.windows as Array<{ rock: number }>)[0]!.rock = 0;
    (first.io.streams as unknown[])[2] = "changed";
    first.read_data.buffer = 99;
    const second = decodeZMachineSnapshot(snapshot);
    expect(second.glk).toEqual(autosave().glk);
    expect(second.io).toEqual(autosave().io);
    expect(second.read_data).toEqual(autosave().read_data);
  });

  it("keeps a `__proto__` key of a parsed snapshot a plain field", () => {
    const snapshot = encodeZMachineSnapshot(autosave());
    snapshot.glk = JSON.parse('{"windows":[],"__proto__":{"polluted":true}}');
    const decoded = decodeZMachineSnapshot(snapshot);
    expect(Object.keys(decoded.glk)).toEqual(["windows", "__proto__"]);
    expect((decoded.glk as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it("decodes the memory image of a snapshot once, and anew for a different snapshot", () => {
    const snapshot = encodeZMachineSnapshot(autosave());
    expect(decodeZMachineSnapshot(snapshot).ram).toBe(decodeZMachineSnapshot(snapshot).ram);
    const other = { ...snapshot, ram: Buffer.from([1, 2, 3]).toString("base64") };
    expect(Array.from(decodeZMachineSnapshot(other).ram)).toEqual([1, 2, 3]);
  });
});
