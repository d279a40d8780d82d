/*
 * Derived from ifvms.js (`src/zvm/runtime.js`, `restart`): Copyright (c) 2011-2017 Dannii
 * Willis and other contributors, MIT licence (node_modules/ifvms/LICENSE).
 */

/** What ZVM's `restart` needs from ifvms beyond the machine: its memory views and its opcode table maker. */
export interface ZvmRestartParts {
  /** ifvms' `utils.MemoryView` (a DataView with byte-array helpers). */
  memoryView(length: number): DataView;
  /** ifvms' `zvm/opcodes.js`: the opcode classes of a Z-machine version, built afresh on every call. */
  opcodes(version: number): object;
}

/** The machine fields `restart` reads and sets (runtime.js). */
interface ZvmRestartState {
  ram: DataView & { setUint8Array(start: number, data: Uint8Array): void };
  origram: Uint8Array;
  options: { stack_len: number };
  stack: DataView;
  frameptr: number;
  frames: number[];
  s: Uint16Array;
  sp: number;
  l: number[] | Uint16Array;
  undo: unknown[];
  undo_len: number;
  glk_blocking_call: unknown;
  version: number;
  version3: boolean;
  pc: number;
  properties: number;
  objects: number;
  globals: number;
  eof: number;
  extension: number;
  extension_count: number;
  addr_multipler: number;
  opcodes: object;
  init_text(): void;
  init_io(): void;
  update_header(): void;
}

/**
 * ZVM's `restart` with the same effect, except that the opcode classes of a Z-machine version
 * are built once and shared: ZVM builds a hundred classes on every restart and every resumed
 * snapshot (28 % of a Zork I reset's CPU, and its garbage). The classes are only read once
 * built (the disassembler makes instances of them), so machines may share them.
 */
export function tunedRestart(parts: ZvmRestartParts): (this: ZvmRestartState, autorestoring?: number) => void {
  const opcodesByVersion = new Map<number, object>();
  return function restart(this: ZvmRestartState, autorestoring?: number): void {
    const ram = this.ram;
    const version = ram.getUint8(0x00);
    const version3 = version === 3;
    const addressMultiplier = version3 ? 2 : version === 8 ? 8 : 4;
    const flags2 = ram.getUint8(0x11);
    const propertyDefaults = ram.getUint16(0x0a);
    const extension = version > 4 ? ram.getUint16(0x36) : 0;
    const stack = parts.memoryView(this.options.stack_len);
    let opcodes = opcodesByVersion.get(version);
    if (opcodes === undefined) {
      opcodes = parts.opcodes(version);
      opcodesByVersion.set(version, opcodes);
    }

    // Reset the RAM, but preserve flags 2
    ram.setUint8Array(0, this.origram);
    ram.setUint8(0x11, flags2);

    // The fields in ZVM's order (its `extend(this, {…})`).
    this.stack = stack;
    this.frameptr = 0;
    this.frames = [];
    this.s = new Uint16Array(stack.buffer, 8);
    this.sp = 0;
    this.l = [];
    this.undo = [];
    this.undo_len = 0;
    this.glk_blocking_call = null;
    this.version = version;
    this.version3 = version3;
    this.pc = ram.getUint16(0x06);
    this.properties = propertyDefaults;
    // 62-9 or 126-14: object n's entry then lies at objects + n × entry size
    this.objects = propertyDefaults + (version3 ? 53 : 112);
    this.globals = ram.getUint16(0x0c);
    this.eof = (ram.getUint16(0x1a) || 65536) * addressMultiplier;
    this.extension = extension;
    this.extension_count = extension ? ram.getUint16(extension) : 0;
    this.addr_multipler = addressMultiplier;
    this.opcodes = opcodes;

    this.init_text();
    if (!autorestoring) this.init_io();

    // Update the header
    this.update_header();
  };
}
