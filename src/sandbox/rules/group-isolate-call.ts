import type ivm from "isolated-vm";
import { unreadableGroupAnswer } from "./group-answer.js";
import {
  interruptedGroupCall,
  layerAnswerLimit,
  type GroupCallOutcome,
  type InterruptedGroupCallContext,
} from "./interrupted-group-call.js";
import { countIsolateCrossing } from "./isolate-crossings.js";
import { parseSandboxAnswer } from "./rules-hook-output.js";

/** The entries of a call that changed nothing (the isolate answered ""); compared by identity. */
export const unchangedEntries: unknown[] = [];

/**
 * One call into a Rules group's isolate under a wall-clock limit of `hooks` hook calls: its
 * parsed entries ({@link unchangedEntries} when no hook changed anything), or the failure and
 * what had finished before it (`first` is blamed when the isolate cannot tell which layer was
 * running; see `interruptedGroupCall`).
 */
export function callGroupIsolate(
  reference: ivm.Reference,
  hooks: number,
  first: number,
  packed: string,
  group: InterruptedGroupCallContext,
): GroupCallOutcome {
  let answer: unknown;
  const marker = group.marker;
  marker[0] = -1;
  marker[1] = -1;
  try {
    countIsolateCrossing();
    answer = reference.applySync(undefined, [packed], { timeout: group.wallTimeoutMs * hooks });
  } catch (error) {
    return interruptedGroupCall(error, first, group);
  }
  if (answer === "") return { ok: true, entries: unchangedEntries };
  const parsed = parseSandboxAnswer(answer, hooks * layerAnswerLimit + 16);
  if (!parsed.ok) return { ok: false, failure: parsed, layer: first, hook: -1, entries: [], partial: undefined };
  if (!Array.isArray(parsed.parsed))
    return { ok: false, failure: unreadableGroupAnswer(), layer: first, hook: -1, entries: [], partial: undefined };
  return { ok: true, entries: parsed.parsed };
}
