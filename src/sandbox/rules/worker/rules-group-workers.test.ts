import { afterAll, describe, expect, it, vi } from "vitest";
import type { GroupCall, RulesGroupRuntime } from "../../../harness/rules-group-runtime.js";
import { loadRulesGroup } from "../component-loader.js";
import type { RulesSandboxOptions } from "../rules-sandbox-options.js";
import { RulesGroupPool, sharedRulesGroupPool } from "./rules-group-pool.js";

/** The engine with its groups on a pool's worker threads (the process's shared pool unless one is given), as `serve` places them. */
const loadRulesGroupInWorker = (
  sources: readonly string[],
  options: RulesSandboxOptions = {},
  pool: RulesGroupPool = sharedRulesGroupPool(),
) => loadRulesGroup(sources, { ...options, workers: pool });

const groups: RulesGroupRuntime[] = [];
afterAll(() => {
  for (const group of groups) for (const [layer] of group.members.entries()) group.disposeMember(layer);
});

const counter = `export default defineRules({
  filterAction(action, context) {
    context.memory.seen = (typeof context.memory.seen === "number" ? context.memory.seen : 0) + 1;
    if (action.name === "forbidden") return { block: "no: " + context.turn };
    return undefined;
  },
  filterObservation(observation, context) {
    return { text: observation.text + " [seen " + String(context.memory.seen) + ", seed " + context.seed + "]" };
  },
});`;
const shouter = `export default defineRules({
  modifyTransition(action, transition) {
    return { text: transition.observation.text + " (reward " + transition.reward + ")" };
  },
  filterObservation(observation) {
    return { text: observation.text.toUpperCase() };
  },
});`;
/** Counts calls in its memory, renames "rename", tells which action its modifyTransition saw. */
const renamer = `export default defineRules({
  filterAction(action, context) {
    context.memory.seen = (typeof context.memory.seen === "number" ? context.memory.seen : 0) + 1;
    if (action.name === "rename") return { name: "renamed", args: {} };
    return undefined;
  },
  modifyTransition(action, transition, context) {
    return { text: transition.observation.text + " after " + action.name + " #" + String(context.memory.seen) };
  },
});`;
const looper = `export default defineRules({
  filterAction(action) {
    if (action.name === "loop") while (action.name === "loop") {}
    return undefined;
  },
});`;

const pooledOptions = { timeoutMs: 100, wallTimeoutMs: 3_000 };
const transition = { observation: { text: "moved" }, reward: 0, terminated: false, truncated: false, info: {} };

const call = (layers: number): GroupCall => ({
  contexts: Array.from({ length: layers }, (_unused, turn) => ({ turn, seed: 7 })),
  state: { counter: 0 },
});
const options = { timeoutMs: 100, wallTimeoutMs: 1_000 };

async function load(
  loader: typeof loadRulesGroup,
  sources: string[],
  loadOptions: typeof options = options,
): Promise<RulesGroupRuntime> {
  const loaded = await loader(sources, loadOptions);
  if (!loaded.ok) throw new Error(`expected the group to load: ${JSON.stringify(loaded.issues)}`);
  groups.push(loaded.group);
  return loaded.group;
}

describe("loadRulesGroup on worker threads", () => {
  it("answers every call exactly as the group on this thread does", async () => {
    const here = await load(loadRulesGroup, [counter, shouter]);
    const there = await load(loadRulesGroupInWorker, [counter, shouter]);
    expect(there.members.map((member) => [member.hooks, member.usesState])).toEqual(
      here.members.map((member) => [member.hooks, member.usesState]),
    );
    const transition = { observation: { text: "moved" }, reward: 0.5, terminated: false, truncated: false, info: {} };
    for (const group of [here, there]) group.setMemory(0, { seen: 10 });
    for (const name of ["inc", "forbidden", "inc"]) {
      const action = { name, args: {} };
      expect(await there.filterActions(1, 0, action, call(2))).toEqual(await here.filterActions(1, 0, action, call(2)));
      expect(await there.transitions(0, 1, transition, "last", call(2))).toEqual(
        await here.transitions(0, 1, transition, "last", call(2)),
      );
      expect(await there.observations(0, 1, { text: "look" }, call(2), false)).toEqual(
        await here.observations(0, 1, { text: "look" }, call(2), false),
      );
    }
    const context = { state: {}, memory: { seen: 1 }, turn: 3, seed: 5 };
    for (const [layer, member] of there.members.entries()) {
      const local = here.members[layer]!;
      expect(await member.filterAction({ name: "forbidden", args: {} }, context)).toEqual(
        await local.filterAction({ name: "forbidden", args: {} }, context),
      );
      expect(await member.modifyTransition({ name: "inc", args: {} }, transition, context)).toEqual(
        await local.modifyTransition({ name: "inc", args: {} }, transition, context),
      );
      expect(await member.filterObservation({ text: "x" }, context)).toEqual(
        await local.filterObservation({ text: "x" }, context),
      );
    }
  });

  it("reports the first component that does not load, by index, as the thread's loader does", async () => {
    const broken = "export default defineRules({ filterAction(action) { return process.exit(1); } });";
    const here = await loadRulesGroup([counter, broken], options);
    const there = await loadRulesGroupInWorker([counter, broken], options);
    expect(here.ok).toBe(false);
    expect(there).toEqual(here);
  });

  it("a hook that loops holds its own worker only: another group answers while it runs", async () => {
    const looping = await load(loadRulesGroupInWorker, [looper]);
    const other = await load(loadRulesGroupInWorker, [counter]);
    const order: string[] = [];
    const stuck = Promise.resolve(looping.filterActions(0, 0, { name: "loop", args: {} }, call(1))).then((answer) => {
      order.push("loop");
      return answer;
    });
    for (let round = 0; round < 3; round++) {
      await other.filterActions(0, 0, { name: "inc", args: {} }, call(1));
      order.push("other");
    }
    const [answer] = await stuck;
    expect(order).toEqual(["other", "other", "other", "loop"]);
    expect(answer?.result).toMatchObject({ ok: false, code: "timeout" });
    // The group still answers after the stopped hook.
    const here = await load(loadRulesGroup, [looper]);
    expect(await looping.filterActions(0, 0, { name: "inc", args: {} }, call(1))).toEqual(
      await here.filterActions(0, 0, { name: "inc", args: {} }, call(1)),
    );
  });
});

/** A loaded group, kept for disposal. */
async function loadIn(loading: ReturnType<typeof loadRulesGroup>): Promise<RulesGroupRuntime> {
  const loaded = await loading;
  if (!loaded.ok) throw new Error(`expected the group to load: ${JSON.stringify(loaded.issues)}`);
  groups.push(loaded.group);
  return loaded.group;
}

describe("RulesGroupPool", () => {
  it("runs many groups on a bounded set of threads, each with its own state", async () => {
    const pool = new RulesGroupPool({ size: 2 });
    const pooled = await Promise.all(
      Array.from({ length: 6 }, async () => loadIn(loadRulesGroupInWorker([renamer], pooledOptions, pool))),
    );
    expect(pool.threads).toBe(2 + 4); // two workers and the spares
    const here = await loadIn(loadRulesGroup([renamer], pooledOptions));
    for (const [index, group] of pooled.entries()) group.setMemory(0, { seen: index });
    here.setMemory(0, { seen: 5 });
    for (const name of ["inc", "rename"]) {
      await pooled[5]!.filterActions(0, 0, { name, args: {} }, call(1));
      await here.filterActions(0, 0, { name, args: {} }, call(1));
    }
    expect(await pooled[5]!.transitions(0, 0, transition, "last", call(1))).toEqual(
      await here.transitions(0, 0, transition, "last", call(1)),
    );
    const [first] = await pooled[0]!.transitions(0, 0, transition, { name: "x", args: {} }, call(1));
    expect(first?.transition).toMatchObject({ ok: true, value: { text: "moved after x #0" } });
  });

  it("sessions of one stack share a worker's isolate: each keeps its own memory and last action, and a heap bomb in one leaves the others as they were", async () => {
    const bomber = `export default defineRules({
  filterAction(action, context) {
    context.memory.seen = (typeof context.memory.seen === "number" ? context.memory.seen : 0) + 1;
    if (action.name === "bomb") {
      const blocks = [];
      while (true) blocks.push(new Array(100_000).fill(blocks.length));
    }
    if (action.name === "rename") return { name: "renamed", args: {} };
    return undefined;
  },
  modifyTransition(action, transition, context) {
    return { text: transition.observation.text + " after " + action.name + " #" + String(context.memory.seen) };
  },
});`;
    const pool = new RulesGroupPool({ size: 1, spares: 0 });
    const [first, second, third] = await Promise.all(
      [0, 1, 2].map(() => loadIn(loadRulesGroupInWorker([bomber], pooledOptions, pool))),
    );
    expect(pool.threads).toBe(1);
    first!.setMemory(0, { seen: 10 });
    second!.setMemory(0, { seen: 20 });
    // Interleaved: each session's last action and memory are its own.
    await first!.filterActions(0, 0, { name: "rename", args: {} }, call(1));
    await second!.filterActions(0, 0, { name: "plain", args: {} }, call(1));
    expect((await first!.transitions(0, 0, transition, "last", call(1)))[0]?.transition).toMatchObject({
      value: { text: "moved after renamed #11" },
    });
    expect((await second!.transitions(0, 0, transition, "last", call(1)))[0]?.transition).toMatchObject({
      value: { text: "moved after plain #21" },
    });
    const [bombed] = await third!.filterActions(0, 0, { name: "bomb", args: {} }, call(1));
    expect(bombed?.result).toMatchObject({ ok: false, code: "memory", fatal: true });
    expect((await third!.filterActions(0, 0, { name: "plain", args: {} }, call(1)))[0]?.result).toMatchObject({
      code: "memory",
    });
    // The others go on, in an isolate loaded again, where they were.
    await first!.filterActions(0, 0, { name: "plain", args: {} }, call(1));
    expect((await first!.transitions(0, 0, transition, "last", call(1)))[0]?.transition).toMatchObject({
      value: { text: "moved after plain #12" },
    });
    expect((await second!.transitions(0, 0, transition, "last", call(1)))[0]?.transition).toMatchObject({
      value: { text: "moved after plain #21" },
    });
  });

  it("moves a group off a worker held by another group's looping hook, with its memory and last action", async () => {
    const pool = new RulesGroupPool({ size: 1, heldAfterMs: 50, spares: 1 });
    const looping = await loadIn(loadRulesGroupInWorker([looper], pooledOptions, pool));
    const other = await loadIn(loadRulesGroupInWorker([renamer], pooledOptions, pool));
    const here = await loadIn(loadRulesGroup([renamer], pooledOptions));
    for (const group of [other, here]) {
      group.setMemory(0, { seen: 41 });
      await group.filterActions(0, 0, { name: "rename", args: {} }, call(1));
    }
    const started = performance.now();
    let loopEnded = 0;
    const stuck = Promise.resolve(looping.filterActions(0, 0, { name: "loop", args: {} }, call(1))).then((answer) => {
      loopEnded = performance.now();
      return answer;
    });
    // Queued behind the loop on the one worker until the pool moves it.
    const moved = await other.transitions(0, 0, transition, "last", call(1));
    const answeredAfter = performance.now() - started;
    expect(moved).toEqual(await here.transitions(0, 0, transition, "last", call(1)));
    expect(moved[0]?.transition).toMatchObject({ value: { text: "moved after renamed #42" } });
    expect(loopEnded).toBe(0);
    // Bounded while the worker is held: the worker, the spare the group moved to, and at most
    // one new spare (whether it has started yet depends on when the pool last saw no worker held).
    expect(pool.threads).toBeGreaterThanOrEqual(2);
    expect(pool.threads).toBeLessThanOrEqual(3);
    const [answer] = await stuck;
    expect(answer?.result).toMatchObject({ ok: false, code: "timeout" });
    // Once the pool is quiet the spare taken is replaced: the worker, the one the group moved to, a new spare.
    await vi.waitFor(() => expect(pool.threads).toBe(3), { timeout: 10_000, interval: 20 });
    console.log(
      `the moved group answered after ${answeredAfter.toFixed(0)} ms; the loop ran ${(loopEnded - started).toFixed(0)} ms`,
    );
    // Both groups still answer; the moved one kept counting where it was.
    await other.filterActions(0, 0, { name: "inc", args: {} }, call(1));
    const [next] = await other.transitions(0, 0, transition, "last", call(1));
    expect(next?.transition).toMatchObject({ value: { text: "moved after inc #43" } });
    expect(await looping.filterActions(0, 0, { name: "inc", args: {} }, call(1))).toEqual([]);
  });
});
