import { performance } from "node:perf_hooks";
import { textworldEnv } from "../src/bridges/textworld/textworld-env-definition.js";
import { zMachineLibraries } from "../src/bridges/textworld/z-machine-libraries.js";
import { ZMachineSession } from "../src/bridges/textworld/z-machine-session.js";
import { resolvePolicy } from "../src/policies/policy-registry.js";
import { runRollouts } from "../src/rollout/run-rollouts.js";
import { median } from "./measure.js";

/** The interpreter's class (ifvms' ZVM as tuned in `tuned-zvm.ts`), whose run loop the block count wraps. */
interface ZvmClass {
  prototype: { run(this: ZvmLoop): void };
}
interface ZvmLoop {
  stop: number;
  pc: number;
  jit: Record<number, ((machine: ZvmLoop) => number | undefined) | undefined>;
  compile(): void;
  ret(result: number): void;
  /** The call the last compiled function recorded (see `tuned-zvm.ts`, `call`); null when it made none. */
  callAddress: number;
  callStorer: number;
  callNext: number;
  callArguments: number[] | null;
}

type EnterRoutine = (this: ZvmLoop, address: number, storer: number, next: number, args: number[]) => void;

/** Milliseconds spent inside a method while `body` runs (the method wrapped, then restored). */
async function timeInside<T>(
  target: Record<string, unknown>,
  method: string,
  body: () => Promise<T>,
): Promise<{ result: T; insideMs: number }> {
  const original = target[method] as (...args: unknown[]) => unknown;
  let insideMs = 0;
  target[method] = function (this: unknown, ...args: unknown[]) {
    const started = performance.now();
    try {
      return original.apply(this, args);
    } finally {
      insideMs += performance.now() - started;
    }
  };
  try {
    return { result: await body(), insideMs };
  } finally {
    target[method] = original;
  }
}

/**
 * TextWorld bridge latency and where it goes: median ms per `step` over walkthrough
 * episodes of a TextWorld game and of Zork I, the median reset; the share of step time spent
 * inside the game session's `send` (ZVM running the game's own code, through the headless
 * Glk display) — the rest is the bridge (command checks, output reading, observation) and
 * the rollout loop; the share of reset time spent in the game session (starting it from the
 * opening snapshot, or rewinding the last episode's game to it); and the interpreter's work per step — compiled
 * functions its run loop calls per `command` (a fragment of ZVM's, or a routine's fragments joined; one pass with
 * the run loop wrapped by a counter, not timed).
 */
export async function benchTextworld() {
  const policy = await resolvePolicy("walkthrough", "textworld");
  const session = ZMachineSession.prototype as unknown as Record<string, unknown>;
  const perTask = async (taskId: string) => {
    const { result: trajectories, insideMs } = await timeInside(session, "send", () =>
      runRollouts({
        createEnv: () => textworldEnv.create(),
        policy: policy.factory,
        tasks: [{ taskId }],
        episodes: 4,
        seed: 3,
      }),
    );
    const steps = trajectories.flatMap((trajectory) => trajectory.steps.map((step) => step.stepMs));
    return { medianStepMs: median(steps), interpreterShare: insideMs / steps.reduce((sum, value) => sum + value, 0) };
  };
  const env = await textworldEnv.create();
  const resets: number[] = [];
  // The first reset starts a session from the opening snapshot; the others rewind that game in place.
  const {
    result: { insideMs: rewindMs },
    insideMs: startMs,
  } = await timeInside(ZMachineSession as unknown as Record<string, unknown>, "start", () =>
    timeInside(session, "rewind", async () => {
      for (let index = 0; index < 10; index++) {
        const started = performance.now();
        await env.reset({ taskId: "tw-another_game", seed: index });
        resets.push(performance.now() - started);
      }
    }),
  );
  await env.close();
  const blocksPerStep = async (taskId: string) => {
    // The interpreter sessions use by default (its run loop is its own, on its own prototype).
    const Zvm = zMachineLibraries().TunedZvm as unknown as ZvmClass;
    const run = Zvm.prototype.run;
    // ZVM's own `call` (the tuned one only records the call for the run loop to make).
    const enterRoutine = (zMachineLibraries().Zvm as unknown as { prototype: { call: EnterRoutine } }).prototype.call;
    let blocks = 0;
    let compiled: ZvmLoop["jit"] = [];
    // The tuned run loop, counting each compiled function it calls (a joined routine runs several fragments per call).
    Zvm.prototype.run = function (this: ZvmLoop) {
      compiled = this.jit;
      this.stop = 0;
      while (!this.stop) {
        const pc = this.pc;
        if (!this.jit[pc]) this.compile();
        blocks += 1;
        const result = this.jit[pc]!(this);
        const args = this.callArguments;
        if (args !== null) {
          this.callArguments = null;
          enterRoutine.call(this, this.callAddress, this.callStorer, this.callNext, args);
        } else if (result !== undefined && !Number.isNaN(result)) this.ret(result);
      }
    };
    try {
      const trajectories = await runRollouts({
        createEnv: () => textworldEnv.create(),
        policy: policy.factory,
        tasks: [{ taskId }],
        episodes: 1,
        seed: 3,
      });
      return { blocks: Math.round(blocks / trajectories[0]!.steps.length), ...compiledCode(compiled) };
    } finally {
      Zvm.prototype.run = run;
    }
  };
  const textworld = await perTask("tw-another_game");
  const zork = await perTask("zork1-score-20");
  const textworldCode = await blocksPerStep("tw-another_game");
  const zorkCode = await blocksPerStep("zork1-score-20");
  const figures = {
    textworldMedianStepMs: Number(textworld.medianStepMs.toFixed(2)),
    zorkMedianStepMs: Number(zork.medianStepMs.toFixed(2)),
    textworldMedianResetMs: Number(median(resets).toFixed(2)),
    textworldStepInterpreterShare: Number(textworld.interpreterShare.toFixed(3)),
    zorkStepInterpreterShare: Number(zork.interpreterShare.toFixed(3)),
    textworldResetSessionShare: Number(
      ((startMs + rewindMs) / resets.reduce((sum, value) => sum + value, 0)).toFixed(3),
    ),
    textworldBlocksPerStep: textworldCode.blocks,
    zorkBlocksPerStep: zorkCode.blocks,
    textworldCompiledSourceKb: textworldCode.sourceKb,
    textworldCompiledInstructions: textworldCode.instructions,
    textworldDistinctInstructions: textworldCode.distinctInstructions,
    zorkCompiledSourceKb: zorkCode.sourceKb,
    zorkCompiledInstructions: zorkCode.instructions,
    zorkDistinctInstructions: zorkCode.distinctInstructions,
  };
  await textworldEnv.dispose?.();
  return figures;
}

/**
 * The code a story's compiled functions hold after the section's episodes of it: its size, and the
 * instructions written in it (ZVM labels each `/* address/opcode *\/`) against the distinct
 * ones (an instruction two fragments share is written twice unless the compiler joins them).
 */
function compiledCode(jit: ZvmLoop["jit"]) {
  let source = "";
  for (const block of new Set(Object.values(jit))) if (typeof block === "function") source += String(block);
  const labels = source.match(/\/\* \d+\/\d+ \*\//g) ?? [];
  return {
    sourceKb: Math.round(source.length / 1024),
    instructions: labels.length,
    distinctInstructions: new Set(labels).size,
  };
}
