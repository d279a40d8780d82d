import type ivm from "isolated-vm";
import type { HookFailure } from "../../harness/rules-runtime.js";
import { countIsolateCrossing } from "./isolate-crossings.js";
import { classifyIsolateFailure } from "../isolate/isolate-failure.js";
import { parseSandboxAnswer } from "./rules-hook-output.js";
import { rulesSandboxLimits } from "./rules-sandbox-options.js";

/** The largest answer one layer's hooks can legitimately give (two answers + envelope). */
export const layerAnswerLimit = 2 * (rulesSandboxLimits.memoryCharacters + rulesSandboxLimits.outputCharacters + 1024);

/** What a group call answered: entries (parsed, one per layer reached), or why it failed. */
export type GroupCallOutcome =
  | { ok: true; entries: unknown[] }
  | { ok: false; failure: HookFailure; layer: number; hook: number; entries: unknown[]; partial: unknown };

/** What {@link interruptedGroupCall} needs of the group (see `SandboxRulesGroup`). */
export interface InterruptedGroupCallContext {
  isolate: ivm.Isolate;
  /** The isolate's `groupProgress` (see `isolate-code/group.ts`). */
  groupProgress: ivm.Reference;
  /** The shared (layer, hook) the isolate writes before each hook; -1 before the first. */
  marker: Int32Array;
  wallTimeoutMs: number;
  /** Record that the isolate ran out of memory, and answer the fatal failure every later call gets. */
  died: () => HookFailure;
}

/**
 * What a group call that threw had done: the running hook's failure and the entries
 * finished before it. Out of memory is the group's fatal failure (blamed on the hook the
 * marker names, else `first`); a wall-clock interrupt is the running hook's `timeout`, asked
 * of the isolate (`groupProgress`) with what had finished — when every hook had finished, the
 * time went to work queued after them and the last one is blamed.
 */
export function interruptedGroupCall(
  error: unknown,
  first: number,
  group: InterruptedGroupCallContext,
): GroupCallOutcome {
  const failure = classifyIsolateFailure(error, group.isolate);
  const markedLayer = group.marker[0]!;
  const marked = markedLayer < 0 ? { layer: first, hook: -1 } : { layer: markedLayer, hook: group.marker[1]! };
  const lost = { ...marked, entries: [], partial: undefined };
  if (failure.kind === "memory") return { ok: false, failure: group.died(), ...lost };
  if (failure.kind === "other")
    return { ok: false, failure: { ok: false, code: "threw", message: failure.message, fatal: false }, ...lost };
  const timeout: HookFailure = {
    ok: false,
    code: "timeout",
    message: `the hook ran longer than its wall-clock limit of ${group.wallTimeoutMs} ms and was stopped`,
    fatal: false,
  };
  let progress: unknown;
  try {
    countIsolateCrossing();
    progress = group.groupProgress.applySync(undefined, [], { timeout: group.wallTimeoutMs });
  } catch (progressError) {
    const second = classifyIsolateFailure(progressError, group.isolate);
    return { ok: false, failure: second.kind === "memory" ? group.died() : timeout, ...lost };
  }
  const parsed = parseSandboxAnswer(progress, 64 * layerAnswerLimit);
  if (!parsed.ok) return { ok: false, failure: parsed, ...lost };
  const report = parsed.parsed as { finished?: unknown; partial?: unknown; running?: unknown };
  const finished = Array.isArray(report.finished) ? report.finished : [];
  const running = Array.isArray(report.running) ? (report.running as number[]) : [-1, -1];
  if (running[0] === -1)
    return {
      ok: false,
      failure: timeout,
      layer: marked.layer,
      hook: marked.hook,
      entries: finished.slice(0, -1),
      partial: undefined,
    };
  return {
    ok: false,
    failure: timeout,
    layer: running[0]!,
    hook: running[1]!,
    entries: finished,
    partial: report.partial,
  };
}
