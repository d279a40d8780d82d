import { z } from "zod";
import type { Action } from "../core/action.js";
import { jsonEqual, type Json, type JsonObject } from "../core/json.js";
import type { Observation } from "../core/observation.js";
import { formatIssues } from "../core/validate.js";
import type { FilterActionDecision, TransitionInput, TransitionPatch } from "../harness/rules-runtime.js";
import { protectedTransitionKeys } from "./component-hooks.js";
import { rulesSandboxLimits } from "./rules-sandbox-options.js";

/**
 * A JSON object that came out of `JSON.parse`. Its values are JSON by construction (the
 * sandbox serialises with a strict, finite-numbers-only writer and the host parses that
 * text), so only "a plain object, not an array" is checked; re-walking every value with the
 * recursive `jsonObjectSchema` would cost more than the isolate round trip itself.
 */
const parsedJsonObjectSchema = z.custom<JsonObject>(
  (value) => typeof value === "object" && value !== null && !Array.isArray(value),
  "expected a JSON object",
);

/** What the isolate answers to one hook call (JSON text, parsed on the host). */
export const hookEnvelopeSchema = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), memory: parsedJsonObjectSchema, value: z.unknown().optional() }),
  z.object({ ok: z.literal(false), code: z.string(), message: z.string() }),
]);
export type HookEnvelope = z.infer<typeof hookEnvelopeSchema>;

/** A decoded hook value, or why it was refused (always `bad-output`). */
export type DecodedHookValue<T> = { ok: true; value: T } | { ok: false; message: string };

const textSchema = z.string().max(rulesSandboxLimits.textCharacters, `text must be at most ${rulesSandboxLimits.textCharacters} characters`);
const blockSchema = z.strictObject({ block: textSchema.min(1, "a block reason must not be empty") });
const actionOutputSchema = z.strictObject({ name: z.string().min(1), args: parsedJsonObjectSchema });
const observationOutputSchema = z.strictObject({ text: textSchema, data: parsedJsonObjectSchema.optional() });
const transitionPatchSchema = z.strictObject({
  text: textSchema.optional(),
  data: parsedJsonObjectSchema.optional(),
  truncated: z.boolean().optional(),
});

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Decode `filterAction`'s value: absent → pass; `{block}` → block; an action equal to the
 * input → pass; another action → rewrite. Anything else is refused.
 */
export function decodeFilterAction(value: unknown, present: boolean, input: Action): DecodedHookValue<FilterActionDecision> {
  if (!present) return { ok: true, value: { kind: "pass" } };
  const expected = 'filterAction must return an action `{ name, args }`, `{ block: "reason" }` or undefined';
  if (isObject(value) && "block" in value) {
    const block = blockSchema.safeParse(value);
    if (!block.success) return { ok: false, message: `${expected}: ${formatIssues(block.error)}` };
    return { ok: true, value: { kind: "block", reason: block.data.block } };
  }
  const action = actionOutputSchema.safeParse(value);
  if (!action.success) return { ok: false, message: `${expected}: ${formatIssues(action.error)}` };
  if (jsonEqual(action.data as unknown as Json, input as unknown as Json)) return { ok: true, value: { kind: "pass" } };
  return { ok: true, value: { kind: "rewrite", action: action.data } };
}

/**
 * Decode `modifyTransition`'s value: absent → empty patch. Reward, `terminated`, `info` and
 * verifier fields are refused with a message saying why; `truncated: false` is refused on
 * a step the environment truncated (a hook can end an episode, not extend one).
 */
export function decodeTransitionPatch(value: unknown, present: boolean, input: TransitionInput): DecodedHookValue<TransitionPatch> {
  if (!present) return { ok: true, value: {} };
  if (isObject(value)) {
    const owned = protectedTransitionKeys.filter((key) => key in value);
    if (owned.length > 0) {
      return {
        ok: false,
        message: `modifyTransition cannot change ${owned.join(", ")}: reward, terminated and info belong to the environment and its verifier; return only { text, data, truncated }`,
      };
    }
  }
  const patch = transitionPatchSchema.safeParse(value);
  if (!patch.success) {
    return { ok: false, message: `modifyTransition must return { text?, data?, truncated? } or undefined: ${formatIssues(patch.error)}` };
  }
  if (patch.data.truncated === false && input.truncated) {
    return { ok: false, message: "modifyTransition cannot set truncated to false on a step the environment truncated: a hook can end an episode, not extend one" };
  }
  const result: TransitionPatch = {};
  if (patch.data.text !== undefined) result.text = patch.data.text;
  if (patch.data.data !== undefined) result.data = patch.data.data;
  if (patch.data.truncated !== undefined) result.truncated = patch.data.truncated;
  return { ok: true, value: result };
}

/** Decode `filterObservation`'s value: absent → the input observation; otherwise `{ text, data? }`. */
export function decodeObservation(value: unknown, present: boolean, input: Observation): DecodedHookValue<Observation> {
  if (!present) return { ok: true, value: input };
  const observation = observationOutputSchema.safeParse(value);
  if (!observation.success) {
    return { ok: false, message: `filterObservation must return an observation { text, data? } or undefined: ${formatIssues(observation.error)}` };
  }
  const result: Observation = { text: observation.data.text };
  if (observation.data.data !== undefined) result.data = observation.data.data;
  return { ok: true, value: result };
}
