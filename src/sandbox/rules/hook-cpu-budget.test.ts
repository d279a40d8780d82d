import { spawn } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import type { GroupCall } from "../../harness/rules-group-runtime.js";
import type { HookContextInput, RulesRuntime } from "../../harness/rules-runtime.js";
import { threadCpuMilliseconds } from "../isolate/thread-cpu-clock.js";
import { createRulesGroupSandbox } from "./create-rules-group-sandbox.js";
import type { RulesSandboxOptions } from "./rules-sandbox-options.js";
import type { SandboxRulesGroup } from "./sandbox-rules-group.js";
import { transpileComponent } from "./transpile-component.js";

/*
 * A hook's limit is CPU time, not wall time: a hook that works past its budget fails as
 * `timeout` (a runaway one is stopped by the wall-clock backstop), and a hook within its
 * budget does not fail however long the wall clock ran — here the process is stopped with
 * SIGSTOP in the middle of the hook, so the wall clock runs on while no CPU time is spent.
 */

/** Spins `observation.text` iterations (a number) of arithmetic; never stops on "forever". */
const spinner = `export default defineRules({
  filterObservation(observation, context) {
    if (observation.text === "forever") { while (true) {} }
    const rounds = Number(observation.text);
    let value = 0;
    for (let round = 0; round < rounds; round++) value = (value + round * 7) % 1000003;
    context.memory.value = value;
    return undefined;
  },
});`;

const script = (() => {
  const transpiled = transpileComponent(spinner);
  if (!transpiled.ok) throw new Error(JSON.stringify(transpiled.issues));
  return transpiled.script;
})();

const groups: SandboxRulesGroup[] = [];
afterAll(() => {
  for (const group of groups) for (const member of group.members) member.dispose();
});

/** The spinner loaded alone (a group of one), called hook by hook through its member. */
function single(options: RulesSandboxOptions): RulesRuntime {
  return group(options).members[0]!;
}

function group(options: RulesSandboxOptions): SandboxRulesGroup {
  const sandbox = createRulesGroupSandbox([{ script, usesState: false }], options);
  if (!sandbox.ok) throw new Error(JSON.stringify(sandbox.issues));
  groups.push(sandbox.group);
  return sandbox.group;
}

const context: HookContextInput = { state: {}, memory: {}, turn: 0, seed: 1 };
const call: GroupCall = { contexts: [{ turn: 0, seed: 1 }], state: undefined };

/**
 * Rounds of the spinner's loop that take about `milliseconds` of CPU time here, measured
 * once the loop's speed has settled: probes of at least 5 ms are repeated until two in a
 * row agree within 25%. (A single probe can run before V8 has optimised the loop — on a
 * loaded machine its background compiler is late — and the loop later runs many times
 * faster, so a "300 ms" hook took under 50 ms once in a full suite run.)
 */
function roundsFor(runtime: RulesRuntime, milliseconds: number): Promise<number> {
  const probe = async (rounds: number) => {
    const before = threadCpuMilliseconds();
    await runtime.filterObservation({ text: String(rounds) }, context);
    return threadCpuMilliseconds() - before;
  };
  return (async () => {
    let rounds = 100_000;
    let previous = 0;
    let spent = 0;
    for (let attempt = 0; attempt < 16; attempt++) {
      spent = await probe(rounds);
      if (spent < 5) {
        rounds *= 4;
        previous = 0;
        continue;
      }
      if (previous > 0 && Math.abs(spent - previous) <= 0.25 * previous) break;
      previous = spent;
    }
    return Math.max(1, Math.round((rounds * milliseconds) / Math.max(spent, 1)));
  })();
}

/** Run `work` while this process is stopped (SIGSTOP) for `pauseMs` shortly after it starts; its result and wall time. */
async function withPause<T>(pauseMs: number, work: () => Promise<T>): Promise<{ result: T; wallMs: number }> {
  const pauser = spawn(
    "sh",
    ["-c", `sleep 0.02; kill -STOP ${process.pid}; sleep ${pauseMs / 1000}; kill -CONT ${process.pid}`],
    { stdio: "ignore" },
  );
  const exited = new Promise<void>((resolve) => pauser.once("exit", () => resolve()));
  // Wait until the child runs (it must not stop us before the hook starts, nor after it ended).
  await new Promise((resolve) => setTimeout(resolve, 5));
  const started = performance.now();
  const result = await work();
  const wallMs = performance.now() - started;
  await exited;
  return { result, wallMs };
}

describe("the CPU-time budget of a hook", () => {
  it("fails a hook that works past its budget as timeout, and stops a runaway hook at the wall-clock backstop", async () => {
    const runtime = single({ timeoutMs: 50, wallTimeoutMs: 20_000 });
    const overBudget = await roundsFor(runtime, 300);
    expect(await runtime.filterObservation({ text: String(overBudget) }, context)).toEqual({
      ok: false,
      code: "timeout",
      message: "the hook used more than 50 ms of CPU time",
      fatal: false,
    });
    const stopped = single({ timeoutMs: 50, wallTimeoutMs: 300 });
    expect(await stopped.filterObservation({ text: "forever" }, context)).toEqual({
      ok: false,
      code: "timeout",
      message: "the hook ran longer than its wall-clock limit of 300 ms and was stopped",
      fatal: false,
    });
    // A group member the same way, and the group keeps working.
    const members = group({ timeoutMs: 50, wallTimeoutMs: 20_000 });
    const [failed] = await members.observations(0, 0, { text: String(overBudget) }, call, true);
    expect(failed?.result).toEqual({
      ok: false,
      code: "timeout",
      message: "the hook used more than 50 ms of CPU time",
      fatal: false,
    });
    const [fine] = await members.observations(0, 0, { text: "10" }, call, true);
    expect(fine?.result).toMatchObject({ ok: true });
  });

  it("does not fail a hook within its budget when the wall clock runs long", async () => {
    const budget = 200;
    const runtime = single({ timeoutMs: budget });
    const members = group({ timeoutMs: budget });
    // About a third of the budget, run while the process is stopped for 3 budgets of wall time.
    const rounds = await roundsFor(runtime, budget / 3);
    let stretched = 0;
    for (let attempt = 0; attempt < 4 && stretched < 2; attempt++) {
      const alone = await withPause(3 * budget, () => runtime.filterObservation({ text: String(rounds) }, context));
      expect(alone.result).toMatchObject({ ok: true });
      // From an empty memory each time, so the hook's answer is never "unchanged" (left out).
      members.setMemory(0, {});
      const fused = await withPause(3 * budget, () =>
        Promise.resolve(members.observations(0, 0, { text: String(rounds) }, call, true)),
      );
      expect(fused.result[0]?.result).toMatchObject({ ok: true });
      // Only a run the pause fell into shows anything: count those.
      if (alone.wallMs > budget && fused.wallMs > budget) stretched++;
    }
    expect(stretched).toBeGreaterThan(0);
  });
});
