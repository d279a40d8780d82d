import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { glkApiFactories } from "./glkapi-factory.js";
import { tunedZvm } from "./tuned-zvm.js";
import type { ZvmOpcode } from "./zvm-region-compiler.js";

/** An input event for glkapi's `accept` (what a display sends back: init, line, char, specialresponse). */
export interface GlkInputEvent {
  type: string;
  gen: number;
  [key: string]: unknown;
}

/** The game interface glkapi hands its display: events go in through `accept`. */
export interface GlkGameInterface {
  accept(event: GlkInputEvent): void;
}

/** A run of styled text in a Glk content update: either `[style, text, …]` pairs or objects. */
export type GlkContentRun = string | { style?: string; text?: string };

/** One update glkapi sends its display (the GlkOte protocol, the fields read here). */
export interface GlkUpdate {
  type: string;
  gen: number;
  message?: string;
  windows?: Array<{ id: number; type: string }>;
  content?: Array<{
    id: number;
    clear?: boolean;
    lines?: Array<{ line: number; content?: GlkContentRun[] }>;
    text?: Array<{ append?: boolean; content?: GlkContentRun[] }>;
  }>;
  input?: Array<{ id: number; type: string }>;
  specialinput?: { type: string; filemode?: string };
}

/** The display side of glkapi (GlkOte): the methods glkapi calls. */
export interface GlkDisplay {
  init(gameInterface: GlkGameInterface): void;
  update(data: GlkUpdate): void;
  log(message: string): void;
  warning(message: string): void;
  error(message: string): void;
  save_allstate(): Record<string, never>;
}

/** The options glkapi's `init` and ZVM's `prepare` read. */
export interface GlkOptions {
  vm: ZvmInstance;
  Glk: GlkApi;
  GlkOte: GlkDisplay;
  Dialog: object;
  GiDispa: object;
  do_vm_autosave?: boolean;
}

/**
 * ZVM's compiled routines of one story by address (its `jit` table): plain functions of the
 * machine, shareable between machines playing that story. A dense array as long as the story
 * (see {@link compiledRoutineTable}) makes each look-up an indexed load.
 */
export type CompiledRoutines = Record<number, unknown>;

/** An empty compiled-routine table for a story of `storyLength` bytes (no address lies beyond the story). */
export function compiledRoutineTable(storyLength: number): CompiledRoutines {
  return new Array<unknown>(storyLength);
}

/** One glkapi instance (the Glk library with its own display state). */
export interface GlkApi {
  init(options: GlkOptions): void;
}

/** A ZVM instance (ifvms' Z-machine), the members used here. */
export interface ZvmInstance {
  /** Compiled routines by address; plain functions of the VM, shareable between VMs of one story. */
  jit: CompiledRoutines;
  xorshift_seed: number;
  prepare(story: Uint8Array, options: GlkOptions): void;
  update_header(): void;
  random(range: number): number;
  do_autosave(save?: number): void;
  /** Memory (a DataView over the story's memory). */
  m: DataView;
  /** The object table's base, such that object n's entry is at `objects + n × entry size`. */
  objects: number;
  version3: boolean;
  get_parent(object: number): number;
  insert_obj(object: number, destination: number): void;
  /** The story's identity (its header bytes as hex). */
  signature: string;
  /** The dynamic memory (a view of the first `staticmem` bytes of `m`), with ifvms' bulk setter. */
  ram: DataView & { setUint8Array(offset: number, bytes: Uint8Array): void };
  staticmem: number;
  /** The call stack: frames, each its header, locals and evaluation stack. */
  stack: DataView;
  /** Byte offsets of the frames below the current one. */
  frames: number[];
  frameptr: number;
  /** The current frame's evaluation-stack depth, and its view. */
  sp: number;
  s: Uint16Array;
  pc: number;
  stop: number;
  quit?: number;
  undo: unknown[];
  undo_len: number;
  glk_blocking_call?: unknown;
  /** Output state (styles, streams, windows' cursor), JSON but for Glk streams under `streams[k].str`. */
  io: { currentwin: number; streams: unknown[]; [key: string]: unknown };
  /** The pending read: where its text and parse buffers lie, and (line input) the array Glk fills. */
  read_data: { buffer?: unknown; [key: string]: unknown };
  make_stacks(): void;
}

/** The code of the interpreter: ZVM, its Glk dispatch layer, and a maker of fresh glkapi instances. */
export interface ZMachineLibraries {
  /** ifvms' ZVM as published. */
  Zvm: new () => ZvmInstance;
  /** The same ZVM made cheap for V8 to run (see {@link tunedZvm}). */
  TunedZvm: new () => ZvmInstance;
  ZvmDispatch: new () => object;
  /** A glkapi instance with its own module state (windows, streams, event generation). */
  createGlkApi(): GlkApi;
  /** The same, with glkapi's immutable Unicode tables shared between instances (see {@link glkApiFactories}). */
  createTunedGlkApi(): GlkApi;
}

let loaded: ZMachineLibraries | null = null;

/**
 * The interpreter libraries (`ifvms` ZVM and `glkote-term`'s glkapi), loaded on first use.
 *
 * glkapi keeps its whole state (windows, streams, the VM it drives) in the closure of one
 * module evaluation and assigns the global `Glk`, so a required copy can drive one game per
 * process. Its source is therefore compiled here once into factories (see
 * {@link glkApiFactories}): every `createGlkApi()` call evaluates the library afresh — new
 * closure, new state, no global written. Only immutable code (and glkapi's read-only Unicode
 * tables, for the tuned interpreter) is cached at module level; every game session makes its
 * own Glk, ZVM and dispatch objects.
 */
export function zMachineLibraries(): ZMachineLibraries {
  if (loaded === null) {
    const require = createRequire(import.meta.url);
    const Zvm = require("ifvms/src/zvm.js") as ZMachineLibraries["Zvm"];
    const ZvmDispatch = require("ifvms/src/zvm/dispatch.js") as ZMachineLibraries["ZvmDispatch"];
    const { MemoryView } = require("ifvms/src/common/utils.js") as { MemoryView(length: number): DataView };
    const opcodes = require("ifvms/src/zvm/opcodes.js") as (version: number) => object;
    const { Caller } = require("ifvms/src/common/ast.js") as { Caller: abstract new () => ZvmOpcode };
    const path = require.resolve("glkote-term/src/glkapi.js");
    const source = readFileSync(path, "utf8");
    const factories = glkApiFactories<GlkApi>(source, path);
    loaded = {
      Zvm,
      TunedZvm: tunedZvm(Zvm, { memoryView: MemoryView, opcodes }, Caller),
      ZvmDispatch,
      createGlkApi: factories.fresh,
      createTunedGlkApi: factories.sharedTables,
    };
  }
  return loaded;
}
