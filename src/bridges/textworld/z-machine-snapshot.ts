import { z } from "zod";
import { EnvriggerError } from "../../core/errors.js";
import { jsonObjectSchema, type Json, type JsonObject } from "../../core/json.js";

/**
 * A paused game as JSON: ZVM's autosave snapshot (Glk windows and streams, the VM's I/O
 * state, its pending read, its RNG state) with the saved memory and stacks (`ram`, a
 * Quetzal image) as base64 instead of ZVM's array of byte numbers.
 */
export const zMachineSnapshotSchema = z.strictObject({
  glk: jsonObjectSchema,
  io: jsonObjectSchema,
  ram: z.base64(),
  read_data: jsonObjectSchema,
  xorshift_seed: z.number().int(),
});
export type ZMachineSnapshot = z.infer<typeof zMachineSnapshotSchema>;

/** ZVM's own snapshot shape (what `do_autosave` writes and `do_autorestore` reads). */
export interface ZvmAutosave {
  glk: JsonObject;
  io: JsonObject;
  ram: Uint8Array | number[];
  read_data: JsonObject;
  xorshift_seed: number;
}

/** A JSON copy of a value built by the interpreter: `undefined` fields are dropped, arrays and objects copied. */
function plainJson(value: unknown, path: string): Json {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") {
    if (!Number.isFinite(value))
      throw new EnvriggerError("INTERNAL", `Z-machine snapshot holds a non-finite number at ${path}`);
    return value;
  }
  if (Array.isArray(value)) return value.map((item, index) => plainJson(item ?? null, `${path}[${index}]`));
  if (ArrayBuffer.isView(value)) return Array.from(value as Uint8Array);
  if (typeof value === "object") {
    const copy: JsonObject = {};
    for (const [key, item] of Object.entries(value))
      if (item !== undefined) copy[key] = plainJson(item, `${path}.${key}`);
    return copy;
  }
  throw new EnvriggerError("INTERNAL", `Z-machine snapshot holds a ${typeof value} at ${path}`);
}

/** Turn ZVM's autosave into a {@link ZMachineSnapshot} (a deep copy: nothing shared with the live game). */
export function encodeZMachineSnapshot(autosave: ZvmAutosave): ZMachineSnapshot {
  return {
    glk: plainJson(autosave.glk, "glk") as JsonObject,
    io: plainJson(autosave.io, "io") as JsonObject,
    ram: Buffer.from(Uint8Array.from(autosave.ram)).toString("base64"),
    read_data: plainJson(autosave.read_data, "read_data") as JsonObject,
    xorshift_seed: autosave.xorshift_seed,
  };
}

/** A deep copy of a JSON value (a few kB of Glk state per reset: plain loops beat structuredClone's serialiser). */
export function copyJson(value: Json): Json {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    const copy: Json[] = new Array(value.length);
    for (let index = 0; index < value.length; index++) copy[index] = copyJson(value[index]!);
    return copy;
  }
  const copy: JsonObject = {};
  for (const key of Object.keys(value)) {
    // A key named `__proto__` (JSON.parse makes it an own field) stays a field, as structuredClone keeps it.
    if (key === "__proto__")
      Object.defineProperty(copy, key, {
        value: copyJson(value[key]!),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else copy[key] = copyJson(value[key]!);
  }
  return copy;
}

/** The memory image of each snapshot decoded once (snapshots are immutable; an episode's opening is resumed on every reset). */
const decodedMemory = new WeakMap<ZMachineSnapshot, { base64: string; bytes: Uint8Array }>();

/**
 * Turn a {@link ZMachineSnapshot} back into ZVM's shape, so that the snapshot can be restored
 * again: the Glk, I/O and read state deep-copied (ZVM keeps and changes them); the memory
 * image decoded once per snapshot and shared, since ZVM only copies from it (`do_autorestore`
 * reads it through `Uint8Array.from`, the dialog not streaming).
 */
export function decodeZMachineSnapshot(snapshot: ZMachineSnapshot): ZvmAutosave {
  let memory = decodedMemory.get(snapshot);
  if (memory === undefined || memory.base64 !== snapshot.ram) {
    const decoded = Buffer.from(snapshot.ram, "base64");
    memory = {
      base64: snapshot.ram,
      bytes: new Uint8Array(decoded.buffer.slice(decoded.byteOffset, decoded.byteOffset + decoded.length)),
    };
    decodedMemory.set(snapshot, memory);
  }
  return {
    glk: copyJson(snapshot.glk) as JsonObject,
    io: copyJson(snapshot.io) as JsonObject,
    ram: memory.bytes,
    read_data: copyJson(snapshot.read_data) as JsonObject,
    xorshift_seed: snapshot.xorshift_seed,
  };
}
