/*
 * Compiles the fragments of ifvms.js' ZVM (`src/zvm.js`, `compile`; `src/zvm/disassembler.js`;
 * `src/common/ast.js`): Copyright (c) 2011-2017 Dannii Willis and other contributors, MIT
 * licence (node_modules/ifvms/LICENSE).
 */

/** A compiled fragment: ZVM's `new Function('e', code)`; a returned number returns from the Z-machine routine. */
export type ZvmBlock = (machine: unknown) => unknown;

/** One instruction of a disassembled fragment (ifvms' `common/ast.js` Opcode), the members read here. */
export interface ZvmOpcode {
  next: number;
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
 * between two fragments but test `e.stop`, which the loop tests too). Every case starts
 * as ZVM's fragment starts (`l`, `s`, `t` read afresh), so each runs exactly as it would
 * alone. The function is stored for every fragment of the region not compiled yet.
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
    const bodies = new Map<number, string>();
    const queue = [entry];
    while (queue.length > 0 && bodies.size < REGION_FRAGMENTS) {
      const pc = queue.shift()!;
      if (bodies.has(pc)) continue;
      let context: ZvmContext;
      if (pc === entry) context = first;
      else {
        this.pc = pc;
        try {
          context = this.disassemble();
        } catch {
          this.stop = stop;
          continue;
        }
      }
      const code = String(context);
      if (!code.startsWith(FRAGMENT_PRELUDE)) {
        if (pc === entry) break;
        continue;
      }
      bodies.set(pc, code);
      const last = context.ops.at(-1);
      const successors = [...context.targets];
      const jump = FINAL_JUMP.exec(code);
      if (jump) successors.push(Number(jump[1]) + Number(jump[2]));
      if (last instanceof Caller) successors.push(last.next);
      for (const successor of successors)
        if (successor >= this.staticmem && !bodies.has(successor)) queue.push(successor);
    }
    // The fragments run with `e.pc` at their start (ZVM's disassembler left it at the fragment's end).
    this.pc = entry;
    this.stop = stop;
    if (!bodies.has(entry)) {
      this.jit[entry] = new Function("e", String(first)) as ZvmBlock;
      return;
    }
    let cases = "";
    for (const [pc, code] of bodies) {
      let body = code.slice(FRAGMENT_PRELUDE.length);
      body = body.replace(BRANCH_EXIT, (exit, target: string) =>
        bodies.has(Number(target)) ? `{e.pc=${target};continue z}` : exit,
      );
      const jump = FINAL_JUMP.exec(body);
      if (jump && bodies.has(Number(jump[1]) + Number(jump[2]))) body += ";continue z";
      cases += `case ${pc}:l=e.l;s=e.s;t=0;\n${body};return;\n`;
    }
    const region = new Function("e", `var l,s,t;z:while(!e.stop)switch(e.pc){\n${cases}default:return}`) as ZvmBlock;
    for (const pc of bodies.keys()) if (this.jit[pc] === undefined) this.jit[pc] = region;
  };
}
