/*
 * Compiles the fragments of ifvms.js' ZVM (`src/zvm.js`, `compile`; `src/zvm/disassembler.js`;
 * `src/common/ast.js`): Copyright (c) 2011-2017 Dannii Willis and other contributors, MIT
 * licence (node_modules/ifvms/LICENSE).
 */

/** A compiled fragment: ZVM's `new Function('e', code)`; a returned number returns from the Z-machine routine. */
export type ZvmBlock = (machine: unknown) => unknown;

/** One instruction of a disassembled fragment (ifvms' `common/ast.js` Opcode), the members read here. */
export interface ZvmOpcode {
  /** Its address (of its first instruction, when ZVM merged branches to one place into one). */
  pc: number;
  next: number;
  /** Its code, as the fragment's code joins it. */
  toString(): string;
}

/** A disassembled fragment (ifvms' `RoutineContext`): its code is its string. */
interface ZvmContext {
  pc: number;
  /** The branch targets of its branch instructions (absolute addresses). */
  targets: number[];
  ops: ZvmOpcode[];
  toString(): string;
}

/** The members of a ZVM that compiling reads and writes. */
export interface ZvmCompiling {
  pc: number;
  stop: number;
  staticmem: number;
  jit: Array<ZvmBlock | undefined>;
  /** ZVM's disassembler: the fragment from `pc` to its first stopping instruction (it advances `pc` past it). */
  disassemble(): ZvmContext;
  log(message: string): void;
}

/** The most fragments one region holds (a bound on its function's size, not on what can run). */
const REGION_FRAGMENTS = 16;

/** The declaration ZVM's routine context puts first in every fragment. */
const FRAGMENT_PRELUDE = "var l=e.l,s=e.s,t=0;\n";

/** A branch that leaves the fragment for another address of the routine (ast.js `Brancher`). */
const BRANCH_EXIT = /\{e\.pc=(\d+);return\}/g;

/** The fragment's last instruction an unconditional `@jump` by a constant offset (opcodes.js, `jump`). */
const FINAL_JUMP = /e\.pc=(-?\d+)\+(\d+)$/;

/**
 * ZVM's `compile` with the same fragments, joined by routine: the fragment at `pc` is
 * disassembled as ZVM does, then the fragments its branches, its final jump and its call's
 * return address lead to (the same routine), breadth first, up to {@link REGION_FRAGMENTS}.
 * They become the cases of one function, `switch (e.pc)` in a loop: a branch or jump to a
 * fragment of the region continues the loop instead of returning to ZVM's run loop, which
 * would only have looked the next fragment up and called it (the run loop does nothing
 * between two fragments but test `e.stop`, which the loop tests too). Every turn of the loop
 * starts as ZVM's fragment starts (`l`, `s`, `t` read afresh), so each fragment runs exactly
 * as it would alone, and instructions two fragments share are written once (see
 * {@link regionCode}). The function is stored for every fragment of the region not compiled yet.
 *
 * Only code in static memory, which the game cannot change, is joined (a fragment there is
 * the same whenever it is disassembled); a fragment in dynamic memory is compiled alone, as
 * ZVM does. A fragment that does not disassemble (never-reached bytes) is left out, as
 * ZVM's disassembler would only fail on it if it were reached.
 *
 * @param Caller ifvms' `common/ast.js` `Caller` class (the calling instructions).
 */
export function regionCompile(
  Caller: abstract new (...parameters: never[]) => ZvmOpcode,
): (this: ZvmCompiling) => void {
  return function compile(this: ZvmCompiling): void {
    const entry = this.pc;
    const first = this.disassemble();
    if (entry < this.staticmem) {
      // As ZVM compiles: alone, and logged.
      this.jit[entry] = new Function("e", String(first)) as ZvmBlock;
      this.log(`Caching a JIT function in dynamic memory: ${entry}`);
      return;
    }
    const stop = this.stop;
    const firstCode = fragmentCode(first);
    const fragments = new Map<number, RegionFragment>();
    const queue = [entry];
    while (queue.length > 0 && fragments.size < REGION_FRAGMENTS) {
      const pc = queue.shift()!;
      if (fragments.has(pc)) continue;
      let context: ZvmContext;
      let code: string;
      if (pc === entry) {
        context = first;
        code = firstCode;
      } else {
        this.pc = pc;
        try {
          context = this.disassemble();
        } catch {
          this.stop = stop;
          continue;
        }
        code = fragmentCode(context);
      }
      if (!code.startsWith(FRAGMENT_PRELUDE)) {
        if (pc === entry) break;
        continue;
      }
      fragments.set(pc, readFragment(code, context.ops));
      const last = context.ops.at(-1);
      const successors = [...context.targets];
      const jump = finalJumpTarget(code);
      if (jump !== undefined) successors.push(jump);
      if (last instanceof Caller) successors.push(last.next);
      for (const successor of successors)
        if (successor >= this.staticmem && !fragments.has(successor)) queue.push(successor);
    }
    // The fragments run with `e.pc` at their start (ZVM's disassembler left it at the fragment's end).
    this.pc = entry;
    this.stop = stop;
    if (!fragments.has(entry)) {
      this.jit[entry] = new Function("e", firstCode) as ZvmBlock;
      return;
    }
    const region = new Function("e", regionCode(fragments)) as ZvmBlock;
    for (const pc of fragments.keys()) if (this.jit[pc] === undefined) this.jit[pc] = region;
  };
}

/**
 * A fragment's code, its instructions' code kept: an instruction's code is made by consuming
 * its operands (a call's routine reads `undefined` the second time), and a routine context
 * adds its prelude each time it is written, so each is written once and kept.
 */
function fragmentCode(context: ZvmContext): string {
  for (const op of context.ops) {
    const write = op.toString;
    let code: string | undefined;
    op.toString = () => {
      code ??= write.call(op);
      return code;
    };
  }
  return String(context);
}

/** Where a fragment's final constant `@jump` goes (see {@link FINAL_JUMP}); undefined when it ends otherwise. */
function finalJumpTarget(code: string): number | undefined {
  const jump = FINAL_JUMP.exec(code);
  return jump ? Number(jump[1]) + Number(jump[2]) : undefined;
}

/** A fragment of a region: its code without the prelude, and each instruction's address and code when they join to it. */
interface RegionFragment {
  body: string;
  instructions: { pcs: number[]; codes: string[] } | undefined;
}

/** A fragment's code and instructions (none when its instructions do not join to exactly its code). */
function readFragment(code: string, ops: readonly ZvmOpcode[]): RegionFragment {
  const body = code.slice(FRAGMENT_PRELUDE.length);
  const codes = ops.map(String);
  const joined = codes.join(";") === body;
  return { body, instructions: joined ? { pcs: ops.map((op) => op.pc), codes } : undefined };
}

/**
 * Where a fragment's code goes on as another fragment of the region: the first of its
 * instructions after its first where another fragment starts whose whole code is the rest of
 * this one's. ZVM's fragments overlap: a branch into the middle of a fragment starts a
 * fragment of its own, which repeats the first one's last instructions (a third of the code
 * of a TextWorld story's regions was such repeats).
 */
function sharedTail(
  fragment: RegionFragment,
  fragments: ReadonlyMap<number, RegionFragment>,
): { head: string; into: number } | undefined {
  const instructions = fragment.instructions;
  if (instructions === undefined) return undefined;
  for (let index = 1; index < instructions.pcs.length; index++) {
    const other = fragments.get(instructions.pcs[index]!);
    if (other !== undefined && other.body === instructions.codes.slice(index).join(";"))
      return { head: instructions.codes.slice(0, index).join(";"), into: instructions.pcs[index]! };
  }
  return undefined;
}

/**
 * The code of a region's function: `switch (e.pc)` in a loop whose every turn starts as ZVM's
 * fragments start (`l`, `s`, `t` read afresh), a case per fragment. A branch or final jump to a
 * fragment of the region continues the loop; a fragment whose rest is another fragment runs
 * on into that fragment's case (placed right after it, so no prelude runs between, as in the
 * fragment alone) or, when another fragment already runs on into it, jumps there: the prelude
 * then reads the same `l` and `s` (only calls and returns, always last, change them), and `t`
 * is never read by an instruction before it writes it. No instruction but a fragment's last
 * sets `e.stop`, so the jump's test of it changes nothing.
 */
function regionCode(fragments: ReadonlyMap<number, RegionFragment>): string {
  const exits = (code: string) =>
    code.replace(BRANCH_EXIT, (exit, target: string) =>
      fragments.has(Number(target)) ? `{e.pc=${target};continue z}` : exit,
    );
  const tails = new Map<number, { head: string; into: number }>();
  // The fragment that runs on into each fragment, the first found.
  const runsInto = new Map<number, number>();
  for (const [pc, fragment] of fragments) {
    const tail = sharedTail(fragment, fragments);
    if (tail === undefined) continue;
    tails.set(pc, tail);
    if (!runsInto.has(tail.into)) runsInto.set(tail.into, pc);
  }
  let cases = "";
  // A fragment another one runs on into is written right after it: start from the others (a tail starts later in
  // memory than its fragment, so following tails from these reaches every fragment once).
  for (const start of fragments.keys()) {
    if (runsInto.has(start)) continue;
    let pc: number | undefined = start;
    while (pc !== undefined) {
      const tail = tails.get(pc);
      const fragment = fragments.get(pc)!;
      cases += `case ${pc}:\n`;
      if (tail === undefined) {
        let body = exits(fragment.body);
        const jump = finalJumpTarget(body);
        if (jump !== undefined && fragments.has(jump)) body += ";continue z";
        cases += `${body};return;\n`;
        pc = undefined;
      } else if (runsInto.get(tail.into) === pc) {
        cases += `${exits(tail.head)};\n`;
        pc = tail.into;
      } else {
        cases += `${exits(tail.head)};e.pc=${tail.into};continue z;\n`;
        pc = undefined;
      }
    }
  }
  return `var l,s,t;z:while(!e.stop){l=e.l;s=e.s;t=0;switch(e.pc){\n${cases}default:return}}`;
}
