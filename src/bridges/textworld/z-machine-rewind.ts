import type { Json, JsonObject } from "../../core/json.js";
import type { ZvmInstance } from "./z-machine-libraries.js";
import { copyJson } from "./z-machine-snapshot.js";

/**
 * The Z-machine's own state right after a snapshot was resumed at a line prompt: what ZVM's
 * autorestore leaves in the machine (its dynamic memory, the used part of its call stack,
 * the frames, the program counter, the output state, the pending read, the RNG state),
 * already decoded from the snapshot's Quetzal image. Copying it back into a machine of the
 * same story that waits at a line prompt puts that machine where a fresh resume would be.
 */
export interface RewindImage {
  signature: string;
  memory: Uint8Array;
  stack: Uint8Array;
  frames: number[];
  frameptr: number;
  sp: number;
  pc: number;
  stop: number;
  io: Json;
  currentWindow: number;
  /** The pending read without the array Glk fills (the machine keeps its own, already handed to Glk). */
  readData: Record<string, unknown>;
  /** How many characters the pending line read takes. */
  lineLength: number;
  xorshiftSeed: number;
}

/** True when no output stream holds a Glk stream (a transcript or command file): then `io` is plain JSON. */
function ioWithoutGlkStreams(machine: ZvmInstance): boolean {
  return machine.io.streams.every(
    (stream) => stream === null || typeof stream !== "object" || Array.isArray(stream) || !("str" in stream),
  );
}

/**
 * The {@link RewindImage} of a machine that has just resumed a snapshot and waits for a line,
 * or null where rewinding to it is not supported (no line read pending, or a Glk stream open).
 */
export function captureRewindImage(machine: ZvmInstance): RewindImage | null {
  const { buffer, ...readData } = machine.read_data;
  if (!Array.isArray(buffer) || machine.quit || !ioWithoutGlkStreams(machine)) return null;
  const stackEnd = machine.s.byteOffset + machine.sp * 2;
  return {
    signature: machine.signature,
    memory: new Uint8Array(machine.ram.buffer, machine.ram.byteOffset, machine.staticmem).slice(),
    stack: new Uint8Array(machine.stack.buffer, 0, stackEnd).slice(),
    frames: machine.frames.slice(),
    frameptr: machine.frameptr,
    sp: machine.sp,
    pc: machine.pc,
    stop: machine.stop,
    io: copyJson(machine.io as unknown as Json),
    currentWindow: machine.io.currentwin,
    readData,
    lineLength: buffer.length,
    xorshiftSeed: machine.xorshift_seed,
  };
}

/**
 * Put a machine waiting at a line prompt back to `image`, in place: memory, stack, frames,
 * program counter, output state and pending read copied, the undo history emptied (a resumed
 * game has none). Glk keeps its windows and the pending line request, which is the one the
 * image's read makes: same story, same window, same line length (otherwise nothing changes
 * and this returns false: resume the snapshot in a new session instead).
 */
export function rewindMachine(machine: ZvmInstance, image: RewindImage): boolean {
  const buffer = machine.read_data.buffer;
  if (
    machine.signature !== image.signature ||
    machine.quit ||
    !Array.isArray(buffer) ||
    buffer.length !== image.lineLength ||
    machine.io.currentwin !== image.currentWindow ||
    !ioWithoutGlkStreams(machine)
  )
    return false;
  machine.ram.setUint8Array(0, image.memory);
  // Frame pointers, like the stack views ZVM makes, count from the start of the stack's buffer.
  new Uint8Array(machine.stack.buffer, 0, image.stack.length).set(image.stack);
  machine.frames = image.frames.slice();
  machine.frameptr = image.frameptr;
  machine.sp = image.sp;
  machine.make_stacks();
  machine.pc = image.pc;
  machine.stop = image.stop;
  machine.undo = [];
  machine.undo_len = 0;
  machine.io = copyJson(image.io) as JsonObject as unknown as ZvmInstance["io"];
  // The line Glk will fill is the machine's current array, as ZVM's autorestore takes Glk's.
  machine.read_data = { ...image.readData, buffer };
  machine.xorshift_seed = image.xorshiftSeed;
  return true;
}
