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

/** Turn a {@link ZMachineSnapshot} back into ZVM's shape (a deep copy, so the snapshot can be restored again). */
export function decodeZMachineSnapshot(snapshot: ZMachineSnapshot): ZvmAutosave {
  return {
    glk: structuredClone(snapshot.glk),
    io: structuredClone(snapshot.io),
    ram: Uint8Array.from(Buffer.from(snapshot.ram, "base64")),
    read_data: structuredClone(snapshot.read_data),
    xorshift_seed: snapshot.xorshift_seed,
  };
}
