/*
 * The run loop, `call`, `make_stacks` and `parse_dict` below are derived from ifvms.js (`src/zvm.js`,
 * `src/zvm/runtime.js`, `src/zvm/text.js`): Copyright (c) 2011-2017 Dannii Willis and other
 * contributors, MIT licence (node_modules/ifvms/LICENSE).
 */
import { tunedRestart, type ZvmRestartParts } from "./tuned-zvm-restart.js";
import { regionCompile, type ZvmOpcode } from "./zvm-region-compiler.js";

/** ZVM's `call` (runtime.js): enter a routine (a new frame, its locals, the program counter at its code). */
type EnterRoutine = (this: ZvmLoop, address: number, storer: number, next: number, args: number[]) => void;

/** The members of a running ZVM's run loop (see ifvms' `zvm.js`, `run`), and the call a fragment asked for. */
interface ZvmLoop {
  stop: number;
  pc: number;
  jit: Array<((machine: ZvmLoop) => unknown) | undefined>;
  compile(): void;
  ret(result: unknown): void;
  /** The routine, result variable and return address of the call the last fragment made (see `call`). */
  callAddress: number;
  callStorer: number;
  callNext: number;
  /** The call's arguments; null when the last fragment made no call. */
  callArguments: number[] | null;
}

/** A parsed dictionary as ZVM keeps it: word separators, and each word's address by its encoded bytes. */
type ZvmDictionary = Record<string, unknown> & { separators?: number[] };

/** The members of ZVM's runtime that `make_stacks` reads and writes (runtime.js), and its cache of views. */
interface ZvmFrames {
  stack: DataView;
  frameptr: number;
  l: Uint16Array;
  s: Uint16Array;
  /** The stack buffer the cached views look into (a restart makes a new one). */
  viewedStack: ArrayBufferLike | undefined;
  /** Locals views by frame (frame pointer / 2), each as long as that frame's locals. */
  localsViews: Array<Uint16Array | undefined>;
  /** Evaluation-stack views by where they begin (byte offset / 2). */
  evaluationViews: Array<Uint16Array | undefined>;
}

/** The members of ZVM's text module that `parse_dict` reads and writes (text.js). */
interface ZvmText {
  m: DataView;
  /** The first address of static memory, which the game cannot write. */
  staticmem: number;
  /** The story's compiled-routine table: one object per story, shared by its machines. */
  jit: object;
  version3: boolean;
  dictionaries: Record<number, ZvmDictionary>;
}

/** Parsed dictionaries in static memory, by story (its compiled-routine table) and address; ZVM only reads them. */
const staticDictionaries = new WeakMap<object, Map<number, ZvmDictionary>>();

/**
 * ifvms' ZVM with the same code and behaviour, made cheap for V8 to run (`npm run bench --
 * --only textworld-native` measures it against ifvms as published and native frotz).
 *
 * A plain ZVM's fields live in a hash table instead of fixed slots ("dictionary mode"): its
 * `restart()` adds some thirty fields in a `for…in` copy (keyed stores past V8's soft limit
 * normalise an object) and `start()` deletes a field (`delete this.data`). Every compiled
 * block reads the machine's fields (`e.pc`, `e.sp`, `e.l`, `e.m` …) tens of thousands of
 * times per turn, each a hash lookup. Here every field is declared in the constructor, in
 * one order, by named stores — later writes only update slots — and the story data passes
 * through an accessor on the prototype, so the `delete` finds no own field to remove.
 *
 * The run loop is ZVM's own, with the compiled-routine table held in a local (the session
 * passes a dense array as that table, so a look-up is an indexed load). `parse_dict`, run
 * on every start and restore, makes the same dictionary without copying each word's bytes
 * into an `ArrayBuffer` of its own (a thousand small buffers per start, and their GC), and
 * only once per story for a dictionary in static memory, which the game cannot change.
 *
 * Compiled fragments are joined by routine (see {@link regionCompile}), and a fragment's
 * routine call (`e.call(…)`, always its last statement) only records the call, which the
 * run loop then makes with ZVM's own `call` as soon as the fragment returns. ZVM's `call`
 * (with the frame set-up it calls) is large: V8 inlined it into every one of the thousands
 * of fragments it optimised, and spent about as much CPU on a TextWorld turn optimising
 * fragments in the background as on playing it; made in the run loop, it is compiled once.
 *
 * @param Caller ifvms' `common/ast.js` `Caller` class (see {@link regionCompile}).
 */
export function tunedZvm<Machine extends object>(
  Zvm: new () => Machine,
  restartParts: ZvmRestartParts,
  Caller: abstract new (...parameters: never[]) => ZvmOpcode,
): new () => Machine {
  function TunedZvm(this: Record<string, unknown>) {
    (Zvm as unknown as (this: unknown) => void).call(this);
    // Every field ZVM gives itself after construction (zvm.js, runtime.js, text.js, io.js), declared up front.
    this.Glk = undefined;
    this.options = undefined;
    this.storyData = undefined;
    this.m = undefined;
    this.staticmem = undefined;
    this.ram = undefined;
    this.origram = undefined;
    this.signature = undefined;
    this.stack = undefined;
    this.frameptr = undefined;
    this.frames = undefined;
    this.s = undefined;
    this.sp = undefined;
    this.l = undefined;
    this.undo = undefined;
    this.undo_len = undefined;
    this.glk_blocking_call = undefined;
    this.version = undefined;
    this.version3 = undefined;
    this.pc = undefined;
    this.properties = undefined;
    this.objects = undefined;
    this.globals = undefined;
    this.eof = undefined;
    this.extension = undefined;
    this.extension_count = undefined;
    this.addr_multipler = undefined;
    this.opcodes = undefined;
    this.abbr_addr = undefined;
    this.alphabets = undefined;
    this.unicode_table = undefined;
    this.reverse_unicode_table = undefined;
    this.dictionaries = undefined;
    this.dict = undefined;
    this.io = undefined;
    this.mainwin = undefined;
    this.statuswin = undefined;
    this.upperwin = undefined;
    this.xorshift_seed = undefined;
    this.stop = undefined;
    this.quit = undefined;
    this.read_data = undefined;
    this.glk_event = undefined;
    this.fileref_data = undefined;
    this.viewedStack = undefined;
    this.localsViews = [];
    this.evaluationViews = [];
    // The call the last fragment made (see `call` below).
    this.callAddress = 0;
    this.callStorer = 0;
    this.callNext = 0;
    this.callArguments = null;
  }
  const prototype = Object.create(Zvm.prototype) as Record<string, unknown>;
  // `prepare` stores the story as `data` and `start` deletes it once read: keep it in a declared field instead.
  Object.defineProperty(prototype, "data", {
    configurable: true,
    get(this: { storyData: unknown }) {
      return this.storyData;
    },
    set(this: { storyData: unknown }, value: unknown) {
      this.storyData = value;
    },
  });
  prototype.restart = tunedRestart(restartParts);
  prototype.compile = regionCompile(Caller);
  const enterRoutine = (Zvm.prototype as { call: EnterRoutine }).call;
  // Only compiled fragments call `call`, as their last statement: the run loop makes the call once the fragment returns.
  prototype.call = function call(this: ZvmLoop, address: number, storer: number, next: number, args: number[]): void {
    this.callAddress = address;
    this.callStorer = storer;
    this.callNext = next;
    this.callArguments = args;
  };
  prototype.run = function run(this: ZvmLoop): void {
    const jit = this.jit;
    this.stop = 0;
    while (!this.stop) {
      const pc = this.pc;
      let block = jit[pc];
      if (block === undefined) {
        this.compile();
        block = jit[pc]!;
      }
      const result = block(this);
      const args = this.callArguments;
      // A fragment that called a routine returned nothing: make the call it recorded, as ZVM's `call` would have.
      if (args !== null) {
        this.callArguments = null;
        enterRoutine.call(this, this.callAddress, this.callStorer, this.callNext, args);
      }
      // A block that returns a value returns from the Z-machine routine: ZVM's own test, kept as it is.
      // biome-ignore lint/suspicious/noGlobalIsNan: the coercing test is ZVM's (undefined means "no return")
      else if (!isNaN(result as number)) this.ret(result);
    }
  };
  // ZVM makes two typed-array views of the stack buffer (the frame's locals, its evaluation stack) on every call and
  // return. A view only names a window of the buffer, so the same window is reused: the same frame pointer and locals
  // count give the same views, kept per machine until a restart makes a new stack buffer.
  prototype.make_stacks = function makeStacks(this: ZvmFrames): void {
    const stack = this.stack;
    const buffer = stack.buffer;
    if (this.viewedStack !== buffer) {
      this.viewedStack = buffer;
      this.localsViews = [];
      this.evaluationViews = [];
    }
    const frame = this.frameptr;
    const localsCount = stack.getUint8(frame + 3) & 0x0f;
    const localsViews = this.localsViews;
    // Grown densely (frames sit low in the stack): an array grown by a far write falls into dictionary elements.
    while (localsViews.length <= frame >> 1) localsViews.push(undefined);
    let locals = localsViews[frame >> 1];
    if (locals === undefined || locals.length !== localsCount) {
      locals = new Uint16Array(buffer, frame + 8, localsCount);
      localsViews[frame >> 1] = locals;
    }
    const evaluationStart = frame + 8 + localsCount * 2;
    const evaluationViews = this.evaluationViews;
    while (evaluationViews.length <= evaluationStart >> 1) evaluationViews.push(undefined);
    let evaluation = evaluationViews[evaluationStart >> 1];
    if (evaluation === undefined) {
      evaluation = new Uint16Array(buffer, evaluationStart);
      evaluationViews[evaluationStart >> 1] = evaluation;
    }
    this.l = locals;
    this.s = evaluation;
  };
  prototype.parse_dict = function parseDictionary(this: ZvmText, address: number): ZvmDictionary {
    // A dictionary in static memory never changes: parse it once per story (its compiled-routine table).
    const immutable = address >= this.staticmem;
    let shared = immutable ? staticDictionaries.get(this.jit) : undefined;
    const known = shared?.get(address);
    if (known !== undefined) {
      this.dictionaries[address] = known;
      return known;
    }
    const memory = this.m;
    const dictionary: ZvmDictionary = {};
    let at = address;
    const separatorCount = memory.getUint8(at++);
    const separators: number[] = [];
    for (let index = 0; index < separatorCount; index++) separators.push(memory.getUint8(at + index));
    dictionary.separators = separators;
    at += separatorCount;
    const entryLength = memory.getUint8(at++);
    const end = at + 2 + entryLength * memory.getUint16(at);
    at += 2;
    const wordBytes = this.version3 ? 4 : 6;
    while (at < end) {
      // The key ZVM gives a word: its encoded bytes joined by commas (what `String(Uint8Array)` prints).
      let key = String(memory.getUint8(at));
      for (let index = 1; index < wordBytes; index++) key += `,${memory.getUint8(at + index)}`;
      dictionary[key] = at;
      at += entryLength;
    }
    this.dictionaries[address] = dictionary;
    if (immutable) {
      if (shared === undefined) {
        shared = new Map();
        staticDictionaries.set(this.jit, shared);
      }
      shared.set(address, dictionary);
    }
    return dictionary;
  };
  TunedZvm.prototype = prototype;
  return TunedZvm as unknown as new () => Machine;
}
