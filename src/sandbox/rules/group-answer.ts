import type { JsonObject } from "../../core/json.js";
import type { GroupHookResult } from "../../harness/rules-group-runtime.js";
import type { HookFailure, TransitionInput, TransitionPatch } from "../../harness/rules-runtime.js";
import { decodeTransitionPatch, type DecodedHookValue } from "./rules-hook-output.js";

/** One hook answer of a group call: the value (if returned) and the memory (if changed). */
export type GroupEntry = { ok: true; present: boolean; value: unknown; memory: JsonObject | undefined } | HookFailure;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A failure for an answer of the group sandbox the host cannot read. */
export function unreadableGroupAnswer(message = "the sandbox gave an answer of the wrong shape"): HookFailure {
  return { ok: false, code: "bad-output", message, fatal: false };
}

/**
 * Read one entry of a group answer (see `isolate-code/group.ts`), already parsed: `null`
 * (the layer has no such hook) is `undefined`; `{ok:true, memory?, value?}` a success;
 * `{ok:false, code, message}` the failure the isolate reported (never fatal).
 */
export function readGroupEntry(entry: unknown): GroupEntry | undefined {
  if (entry === null) return undefined;
  if (!isRecord(entry)) return unreadableGroupAnswer();
  if (entry.ok === true) {
    const memory = entry.memory;
    if (memory !== undefined && !isRecord(memory)) return unreadableGroupAnswer();
    return { ok: true, present: "value" in entry, value: entry.value, memory: memory as JsonObject | undefined };
  }
  if (entry.ok === false && typeof entry.code === "string" && typeof entry.message === "string") {
    return { ok: false, code: entry.code, message: entry.message, fatal: false };
  }
  return unreadableGroupAnswer();
}

/** A group entry decoded with `decode` (the same decoders as single hook calls). */
export function decodeGroupEntry<T>(
  entry: GroupEntry,
  decode: (value: unknown, present: boolean) => DecodedHookValue<T>,
): GroupHookResult<T> {
  if (!entry.ok) return entry;
  const decoded = decode(entry.value, entry.present);
  if (!decoded.ok) return { ok: false, code: "bad-output", message: decoded.message, fatal: false };
  return entry.memory === undefined
    ? { ok: true, value: decoded.value }
    : { ok: true, value: decoded.value, memory: entry.memory };
}

/** A modifyTransition entry decoded as a patch (the truncation flag is all the decoder reads of the input); undefined when the layer had none. */
export function decodeGroupPatch(
  entry: GroupEntry | undefined,
  truncated: boolean,
): GroupHookResult<TransitionPatch> | undefined {
  if (entry === undefined) return undefined;
  return decodeGroupEntry(entry, (value, present) =>
    decodeTransitionPatch(value, present, { truncated } as TransitionInput),
  );
}
