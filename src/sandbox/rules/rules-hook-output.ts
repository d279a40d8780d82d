import { z } from "zod";
import { parseBoundedJson } from "../../core/bounded-json.js";
import type { Action } from "../../core/action.js";
import { jsonEqual, type Json, type JsonObject } from "../../core/json.js";
import type { Observation } from "../../core/observation.js";
import { formatIssues } from "../../core/validate.js";
import type {
  FilterActionDecision,
  HookFailure,
  TransitionInput,
  TransitionPatch,
} from "../../harness/rules-runtime.js";
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

/**
 * Read the isolate's answer (already `JSON.parse`d) the way {@link hookEnvelopeSchema}
 * would, without zod, when it is plainly right; `undefined` otherwise (the caller then
 * parses with the schema, which decides and words the issues). Every answer the bootstrap
 * writes is plainly right, so zod runs only on a broken answer.
 */
export function readHookEnvelope(answer: unknown): HookEnvelope | undefined {
  if (!isObject(answer)) return undefined;
  if (answer.ok === true) {
    if (!isObject(answer.memory)) return undefined;
    return "value" in answer
      ? { ok: true, memory: answer.memory as JsonObject, value: answer.value }
      : { ok: true, memory: answer.memory as JsonObject };
  }
  if (answer.ok === false && typeof answer.code === "string" && typeof answer.message === "string") {
    return { ok: false, code: answer.code, message: answer.message };
  }
  return undefined;
}

/** A raw hook answer: the memory after the call and the value, if the hook returned one. */
export interface RawHookSuccess {
  ok: true;
  memory: JsonObject;
  present: boolean;
  value: unknown;
}

/** A failure for an answer the host cannot read. */
function unreadable(message: string): HookFailure {
  return { ok: false, code: "bad-output", message, fatal: false };
}

/**
 * Read one hook answer of the isolate (see `rulesBootstrapScript`), already parsed from its
 * JSON text: the memory and value, or the failure the isolate reported (never fatal).
 */
export function readHookAnswer(parsed: unknown): RawHookSuccess | HookFailure {
  let result: HookEnvelope | undefined = readHookEnvelope(parsed);
  if (result === undefined) {
    const envelope = hookEnvelopeSchema.safeParse(parsed);
    if (!envelope.success) return unreadable(`the hook's answer has the wrong shape: ${formatIssues(envelope.error)}`);
    result = envelope.data;
  }
  if (!result.ok) return { ok: false, code: result.code, message: result.message, fatal: false };
  return { ok: true, memory: result.memory, present: "value" in result, value: result.value };
}

/**
 * Parse the isolate's answer text: JSON of at most `limit` characters, or a `bad-output`
 * failure. The sandbox only ever answers such text; anything else means it is broken.
 */
export function parseSandboxAnswer(answer: unknown, limit: number): { ok: true; parsed: unknown } | HookFailure {
  if (typeof answer !== "string" || answer.length > limit)
    return unreadable("the sandbox gave an answer that is not a JSON string of sane size");
  const json = parseBoundedJson(answer, { maxCharacters: limit });
  if (json.ok) return { ok: true, parsed: json.value };
  return unreadable(
    json.reason === "too-deep"
      ? `the hook returned a value nested too deep (${json.message})`
      : "the sandbox gave an answer that is not JSON",
  );
}

/** A decoded hook value, or why it was refused (always `bad-output`). */
export type DecodedHookValue<T> = { ok: true; value: T } | { ok: false; message: string };

const textSchema = z
  .string()
  .max(rulesSandboxLimits.textCharacters, `text must be at most ${rulesSandboxLimits.textCharacters} characters`);
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

/** True when every own key of `record` is one of `allowed` (what a strict schema requires). */
function hasOnlyKeys(record: Record<string, unknown>, allowed: readonly string[]): boolean {
  for (const key of Object.keys(record)) {
    if (!allowed.includes(key)) return false;
  }
  return true;
}

/** A text a hook may return: a string within the text limit (`textSchema` without zod). */
function isText(value: unknown): value is string {
  return typeof value === "string" && value.length <= rulesSandboxLimits.textCharacters;
}

const blockKeys = ["block"];
const actionKeys = ["name", "args"];
const observationKeys = ["text", "data"];
const patchKeys = ["text", "data", "truncated"];

/*
 * The decoders below first try a fast check that accepts exactly what the strict schemas
 * accept in the common case (and nothing they refuse); anything else is parsed with the
 * schema, which decides and words what is wrong. Values come out of JSON.parse, so their
 * nested values are JSON already (see parsedJsonObjectSchema).
 */

/**
 * Decode `filterAction`'s value: absent → pass; `{block}` → block; an action equal to the
 * input → pass; another action → rewrite. Anything else is refused.
 */
export function decodeFilterAction(
  value: unknown,
  present: boolean,
  input: Action,
): DecodedHookValue<FilterActionDecision> {
  if (!present) return { ok: true, value: { kind: "pass" } };
  const expected = 'filterAction must return an action `{ name, args }`, `{ block: "reason" }` or undefined';
  if (isObject(value) && isText(value.block) && value.block.length > 0 && hasOnlyKeys(value, blockKeys)) {
    return { ok: true, value: { kind: "block", reason: value.block } };
  }
  if (
    isObject(value) &&
    typeof value.name === "string" &&
    value.name.length > 0 &&
    isObject(value.args) &&
    hasOnlyKeys(value, actionKeys)
  ) {
    const fast = value as unknown as Action;
    if (jsonEqual(fast as unknown as Json, input as unknown as Json)) return { ok: true, value: { kind: "pass" } };
    return { ok: true, value: { kind: "rewrite", action: fast } };
  }
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
export function decodeTransitionPatch(
  value: unknown,
  present: boolean,
  input: TransitionInput,
): DecodedHookValue<TransitionPatch> {
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
  const patch = isFastPatch(value) ? { success: true as const, data: value } : transitionPatchSchema.safeParse(value);
  if (!patch.success) {
    return {
      ok: false,
      message: `modifyTransition must return { text?, data?, truncated? } or undefined: ${formatIssues(patch.error)}`,
    };
  }
  if (patch.data.truncated === false && input.truncated) {
    return {
      ok: false,
      message:
        "modifyTransition cannot set truncated to false on a step the environment truncated: a hook can end an episode, not extend one",
    };
  }
  const result: TransitionPatch = {};
  if (patch.data.text !== undefined) result.text = patch.data.text;
  if (patch.data.data !== undefined) result.data = patch.data.data;
  if (patch.data.truncated !== undefined) result.truncated = patch.data.truncated;
  return { ok: true, value: result };
}

/** True when `value` is a patch `transitionPatchSchema` accepts unchanged. */
function isFastPatch(value: unknown): value is TransitionPatch {
  if (!isObject(value) || !hasOnlyKeys(value, patchKeys)) return false;
  const { text, data, truncated } = value;
  return (
    (text === undefined || isText(text)) &&
    (data === undefined || isObject(data)) &&
    (truncated === undefined || typeof truncated === "boolean")
  );
}

/** Decode `filterObservation`'s value: absent → the input observation; otherwise `{ text, data? }`. */
export function decodeObservation(value: unknown, present: boolean, input: Observation): DecodedHookValue<Observation> {
  if (!present) return { ok: true, value: input };
  if (isObject(value) && isText(value.text) && hasOnlyKeys(value, observationKeys)) {
    const data = value.data;
    if (data === undefined) return { ok: true, value: { text: value.text } };
    if (isObject(data)) return { ok: true, value: { text: value.text, data: data as JsonObject } };
  }
  const observation = observationOutputSchema.safeParse(value);
  if (!observation.success) {
    return {
      ok: false,
      message: `filterObservation must return an observation { text, data? } or undefined: ${formatIssues(observation.error)}`,
    };
  }
  const result: Observation = { text: observation.data.text };
  if (observation.data.data !== undefined) result.data = observation.data.data;
  return { ok: true, value: result };
}
