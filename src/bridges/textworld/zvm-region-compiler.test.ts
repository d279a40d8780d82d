import { describe, expect, it } from "vitest";
import { regionCompile, type ZvmBlock, type ZvmOpcode } from "./zvm-region-compiler.js";

/** A calling instruction, as ifvms' `Caller` class stands for them. */
class FakeCaller implements ZvmOpcode {
  constructor(
    readonly next: number,
    readonly pc = 0,
  ) {}
}

/** A fragment as ZVM's disassembler gives it: code, branch targets, the last instruction, or its instructions. */
interface Fragment {
  code: string;
  targets?: number[];
  last?: ZvmOpcode;
  /** Each instruction's address and code (its code is then theirs joined); without them, one opaque instruction. */
  instructions?: Array<[number, string]>;
  end: number;
}

/** A fragment of `instructions`, its code theirs joined as ZVM joins them. */
function fragmentOf(instructions: Array<[number, string]>, end: number, targets: number[] = []): Fragment {
  return { code: instructions.map(([, code]) => code).join(";"), instructions, targets, end };
}

const PRELUDE = "var l=e.l,s=e.s,t=0;\n";

/** A machine whose disassembler reads `fragments` (a missing one throws, as ZVM's does on an unknown opcode). */
function fakeMachine(fragments: Record<number, Fragment>, staticmem = 500) {
  const machine = {
    pc: 0,
    stop: 0,
    staticmem,
    jit: [] as Array<ZvmBlock | undefined>,
    l: [0],
    s: [] as number[],
    sp: 0,
    trace: [] as number[],
    logged: [] as string[],
    disassembled: [] as number[],
    disassemble() {
      const fragment = fragments[machine.pc];
      machine.disassembled.push(machine.pc);
      if (!fragment) {
        machine.stop = 1;
        throw new Error(`Unknown opcode at pc=${machine.pc}`);
      }
      const context = {
        pc: machine.pc,
        targets: fragment.targets ?? [],
        ops: fragment.instructions
          ? fragment.instructions.map(([pc, code], index) => ({
              pc,
              next: fragment.instructions![index + 1]?.[0] ?? fragment.end,
              toString: () => code,
            }))
          : [fragment.last ?? { pc: machine.pc, next: fragment.end }],
      };
      machine.pc = fragment.end;
      return { ...context, toString: () => PRELUDE + fragment.code };
    },
    log(message: string) {
      machine.logged.push(message);
    },
    compile: regionCompile(FakeCaller),
  };
  return machine;
}

/** Run the fragment at `pc` once, as ZVM's run loop calls it. */
function runFragment(machine: ReturnType<typeof fakeMachine>, pc: number): unknown {
  machine.pc = pc;
  if (machine.jit[pc] === undefined) machine.compile();
  return machine.jit[pc]!(machine);
}

const routine: Record<number, Fragment> = {
  // A branch to 1010 when local 0 is 1, else a jump to 1020 (-2 + 1022).
  1000: {
    code: "/* 1000/1 */ e.trace.push(1000);if(l[0]===1) {e.pc=1010;return};/* 1005/140 */ e.pc=-2+1022",
    targets: [1010],
    end: 1008,
  },
  1010: { code: "/* 1010/139 */ e.trace.push(1010);return 5", end: 1012 },
  // A call whose return address, 1030, is in the same routine.
  1020: { code: "/* 1020/224 */ e.trace.push(1020);e.call(77,0,1030,[1])", last: new FakeCaller(1030), end: 1030 },
  // A branch to bytes that do not disassemble (never reached).
  1030: {
    code: "/* 1030/1 */ e.trace.push(1030);if(l[0]===9) {e.pc=1090;return};/* 1034/176 */ return 1",
    targets: [1090],
    end: 1036,
  },
};

describe("regionCompile", () => {
  it("joins a routine's fragments into one function that goes from fragment to fragment without returning", () => {
    const machine = fakeMachine(routine);
    const calls: unknown[][] = [];
    Object.assign(machine, { call: (...parameters: unknown[]) => calls.push(parameters) });
    expect(runFragment(machine, 1000)).toBeUndefined();
    // 1000 jumped to 1020 inside the function, which made its call and returned to the run loop.
    expect(machine.trace).toEqual([1000, 1020]);
    expect(calls).toEqual([[77, 0, 1030, [1]]]);
    for (const pc of [1000, 1010, 1020, 1030]) expect(machine.jit[pc]).toBe(machine.jit[1000]);
    expect(machine.jit[1090]).toBeUndefined();
  });

  it("leaves a fragment where ZVM leaves it: e.pc at the entry, e.stop as it was, each fragment's result returned", () => {
    const machine = fakeMachine(routine);
    machine.pc = 1000;
    machine.compile();
    expect(machine.pc).toBe(1000);
    expect(machine.stop).toBe(0);
    machine.l = [1];
    expect(runFragment(machine, 1000)).toBe(5);
    expect(machine.trace).toEqual([1000, 1010]);
    // Entered at a fragment the function holds (a return address): that fragment runs.
    machine.trace = [];
    machine.l = [9];
    expect(runFragment(machine, 1030)).toBeUndefined();
    expect(machine.pc).toBe(1090);
    expect(machine.trace).toEqual([1030]);
  });

  it("stops going on once a fragment sets e.stop", () => {
    const machine = fakeMachine({
      1000: { code: "e.trace.push(1000);e.stop=1;if(1) {e.pc=1010;return}", targets: [1010], end: 1004 },
      1010: { code: "e.trace.push(1010);return 1", end: 1012 },
    });
    expect(runFragment(machine, 1000)).toBeUndefined();
    expect(machine.trace).toEqual([1000]);
    expect(machine.pc).toBe(1010);
  });

  it("compiles a fragment in dynamic memory alone, as ZVM does", () => {
    const machine = fakeMachine({ 100: { code: "e.pc=-2+1002", end: 104 }, 1000: routine[1000]! });
    machine.pc = 100;
    machine.compile();
    expect(machine.disassembled).toEqual([100]);
    expect(machine.logged).toEqual(["Caching a JIT function in dynamic memory: 100"]);
    expect(machine.jit[1000]).toBeUndefined();
    machine.jit[100]!(machine);
    expect(machine.pc).toBe(1000);
  });

  it("writes the instructions fragments share once: a fragment runs on into the fragment that is its rest", () => {
    const machine = fakeMachine({
      // Goes on to 1004 whether or not it branches there: 1004's fragment is this one's rest.
      1000: fragmentOf(
        [
          [1000, "e.trace.push(1000);if(l[0]===1) {e.pc=1004;return}"],
          [1004, "e.trace.push(1004)"],
          [1006, "return l[0]+7"],
        ],
        1008,
        [1004],
      ),
      1004: fragmentOf(
        [
          [1004, "e.trace.push(1004)"],
          [1006, "return l[0]+7"],
        ],
        1008,
      ),
    });
    for (const local of [0, 1]) {
      machine.trace = [];
      machine.l = [local];
      expect(runFragment(machine, 1000)).toBe(local + 7);
      expect(machine.trace).toEqual([1000, 1004]);
    }
    expect(machine.jit[1004]).toBe(machine.jit[1000]);
    const source = String(machine.jit[1000]);
    expect(source.split("e.trace.push(1004)")).toHaveLength(2);
    // Entered at the shared rest, it runs alone.
    machine.trace = [];
    expect(runFragment(machine, 1004)).toBe(8);
    expect(machine.trace).toEqual([1004]);
  });

  it("jumps to a shared rest a second fragment also ends in, and keeps a rest that differs whole", () => {
    const machine = fakeMachine({
      1000: fragmentOf(
        [
          [1000, "e.trace.push(1000);if(l[0]===1) {e.pc=1004;return}"],
          [1004, "e.trace.push(1004)"],
          [1006, "e.trace.push(1006);return 3"],
        ],
        1010,
        [1004],
      ),
      // Its code from 1004 differs from 1000's (as when ZVM merges branches a fragment starts in between).
      1004: fragmentOf(
        [
          [1004, "e.trace.push(-1004)"],
          [1006, "e.trace.push(1006);return 3"],
        ],
        1010,
        [1006],
      ),
      1006: fragmentOf([[1006, "e.trace.push(1006);return 3"]], 1010),
    });
    machine.l = [0];
    expect(runFragment(machine, 1000)).toBe(3);
    expect(machine.trace).toEqual([1000, 1004, 1006]);
    machine.trace = [];
    machine.l = [1];
    expect(runFragment(machine, 1000)).toBe(3);
    expect(machine.trace).toEqual([1000, -1004, 1006]);
    machine.trace = [];
    expect(runFragment(machine, 1006)).toBe(3);
    expect(machine.trace).toEqual([1006]);
    const source = String(machine.jit[1000]);
    expect(source.split("e.trace.push(1006)")).toHaveLength(2);
    expect(source).toContain("e.pc=1006;continue z");
  });
});
