import {
  apply,
  defineProperty,
  Float64ArrayConstructor,
  freeze,
  isArray,
  objectKeys,
  parse,
  stringify,
  stringSlice,
} from "./intrinsics.js";
import { createRandom } from "./random.js";

/*
 * In-isolate code: the input part of the Rules bootstrap's groups (see `group.ts`): how a
 * group call's inputs are read and what each hook is given.
 *
 * - Reading: the numbers of a call (flags, string lengths, modes) come from the shared
 *   `Float64Array` the host writes before the call (`inputNumbers`, set by
 *   `configureInputs`), the strings one after another from the call's only argument
 *   (`startInputs`, `nextNumber`, `nextFlag`, `nextText`); every layer's turn and seed come
 *   last (`readContexts`).
 * - Giving: a hook gets its own copy of only the keys of each parameter its masks say it
 *   may read (`actionInput`, `observationInput`, `transitionInput`, `contextOf`; `WHOLE`
 *   for everything, 0 for a parameter it never names, which gets one shared frozen object).
 *   A JSON text is parsed once per call and each hook gets a deep copy of that value.
 * - Forms: an action or observation travels between layers as a small array form (see
 *   `actionForm`, `observationForm`), so the text of an unchanged value is never rebuilt.
 */

/**
 * An action between layers: `["f", name, argsText]`, `["n", name]` (no hook of the call
 * reads its args) or `["j", json]`.
 */
export type ActionForm = string[];
/** An observation between layers: `["t", text]`, `["f", text, dataText]` or `["j", json]`. */
export type ObservationForm = string[];
/** A JSON value (as parsed). */
type Json = unknown;
/** What a hook gets for one parameter: an object with the keys it may read. */
type HookInput = Record<string, unknown>;
/** What `contextOf` reads of a group member. */
export interface ContextMember {
  usesState: boolean;
  memoryText: string;
}

// --- What group calls read and what each hook is given.
// What each hook's parameters may read: -1 the whole value, else bits of its known keys
// (see readHookInputs on the host): action name 1, args 2; transition observation 1,
// reward 2, terminated 4, truncated 8, info 16; observation text 1, data 2; context
// state 1, memory 2, turn 4, seed 8, random 16.
export const WHOLE = -1;
// Copies given to hooks, each call its own. An observation is ["t", text] |
// ["f", text, dataText] | ["j", json]; an action is ["f", name, argsText] | ["j", json]
// (the "f" forms only for objects whose keys are exactly text[, data] / name, args, in
// that order, so a hook sees the same object; a text needs no JSON at all).
// A JSON text is parsed once per call (parsedOnce) and each hook gets a deep copy of that
// value (copyJson: the same own properties in the same order, "__proto__" included).
const copyJson = (value: Json): Json => {
  if (value === null || typeof value !== "object") return value;
  if (isArray(value)) {
    // push: an element store is slow with every intrinsic frozen (see group.ts).
    const copy: Json[] = [];
    for (let index = 0; index < value.length; index++) copy.push(copyJson(value[index]));
    return copy;
  }
  const copy: Record<string, Json> = {};
  const keys = objectKeys(value);
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index];
    if (key === "__proto__")
      defineProperty(copy, key, {
        value: copyJson((value as Record<string, Json>)[key]),
        writable: true,
        enumerable: true,
        configurable: true,
      });
    else copy[key] = copyJson((value as Record<string, Json>)[key]);
  }
  return copy;
};
// The texts parsed in this call and their values, newest first ({ text, value, next }),
// forgotten when a call starts (startInputs).
let parsedList: { text: string; value: Json; next: unknown } | undefined;
const parsedOnce = (text: string): Json => {
  for (let entry = parsedList; entry !== undefined; entry = entry.next as typeof parsedList)
    if (entry.text === text) return copyJson(entry.value);
  const value = parse(text);
  parsedList = { text, value, next: parsedList };
  return copyJson(value);
};
const observationCopy = (form: ObservationForm): Json =>
  form[0] === "t"
    ? { text: form[1] }
    : form[0] === "f"
      ? { text: form[1], data: parsedOnce(form[2]) }
      : parsedOnce(form[1]);
const actionCopy = (form: ActionForm): Json =>
  form[0] === "f" ? { name: form[1], args: parsedOnce(form[2]) } : parsedOnce(form[1]);
// What a hook gets for a parameter it never names (mask 0): it cannot read, write or
// pass it on, so one frozen object serves every such hook.
const untouched = freeze({});
// A hook's own input with only the keys it may read (mask, see loadMember); a key the
// input lacks stays absent. The host leaves out what no hook of the call reads: an "f"
// action's args text or an observation's data is then "" and never parsed.
/** The action a hook with parameter mask `mask` is given. */
export const actionInput = (form: ActionForm, mask: number): Json => {
  if (mask === WHOLE) return actionCopy(form);
  if (mask === 0) return untouched;
  const input: HookInput = {};
  if (form[0] !== "j") {
    // "f" or "n" (the host sends "n" only when no hook of the call reads args).
    if (mask & 1) input.name = form[1];
    if (mask & 2 && form[0] === "f") input.args = parsedOnce(form[2]);
    return input;
  }
  const value = parsedOnce(form[1]) as HookInput;
  if (mask & 1 && "name" in value) input.name = value.name;
  if (mask & 2 && "args" in value) input.args = value.args;
  return input;
};
/** The observation a hook with parameter mask `mask` is given. */
export const observationInput = (form: ObservationForm, mask: number): Json => {
  if (mask === WHOLE) return observationCopy(form);
  if (mask === 0) return untouched;
  const input: HookInput = {};
  if (mask & 1) input.text = observationText(form);
  if (mask & 2) {
    const data = form[0] === "f" ? parsedOnce(form[2]) : form[0] === "j" ? parse(form[1]).data : undefined;
    if (data !== undefined) input.data = data;
  }
  return input;
};
/** The transition a hook with parameter mask `mask` is given. */
export const transitionInput = (
  mask: number,
  observation: ObservationForm,
  reward: number,
  terminated: boolean,
  truncated: boolean,
  infoText: string,
): Json => {
  if (mask === WHOLE)
    return { observation: observationCopy(observation), reward, terminated, truncated, info: parsedOnce(infoText) };
  if (mask === 0) return untouched;
  const input: HookInput = {};
  if (mask & 1) input.observation = observationCopy(observation);
  if (mask & 2) input.reward = reward;
  if (mask & 4) input.terminated = terminated;
  if (mask & 8) input.truncated = truncated;
  if (mask & 16) input.info = parsedOnce(infoText);
  return input;
};
// The inputs of a group call: numbers (flags 0/1, string lengths, modes) in the shared
// Float64Array the host writes before the call, the strings one after another in the
// call's only argument (reading them needs no parsing at all). Read in order.
export let inputNumbers: Float64Array = undefined as unknown as Float64Array;
let inputText = "";
let textOffset = 0;
let slot = 0;
/** Use `inputsBuffer` (shared with the host) for the numbers of every later call. */
export const configureInputs = (inputsBuffer: ArrayBufferLike): void => {
  inputNumbers = new Float64ArrayConstructor(inputsBuffer);
};
/** A call starts: its strings are `text`, read from the start; nothing parsed yet. */
export const startInputs = (text: string): void => {
  inputText = text;
  textOffset = 0;
  slot = 0;
  parsedList = undefined;
};
/** The next number of the call. */
export const nextNumber = (): number => inputNumbers[slot++];
/** The next flag of the call. */
export const nextFlag = (): boolean => inputNumbers[slot++] === 1;
/** The next string of the call. */
export const nextText = (): string => {
  const length = inputNumbers[slot++];
  if (length === 0) return "";
  const value = apply(stringSlice, inputText, [textOffset, textOffset + length]);
  textOffset += length;
  return value;
};
export const actionModes = ["f", "n", "j", ""];
export const observationModes = ["t", "f", "j"];
// The turn and seed of every layer follow the other inputs: where they start.
export let contextBase = 0;
/** The turn and seed of every layer start here. */
export const readContexts = (): void => {
  contextBase = slot;
};
const keysAre = (value: object, first: string, second: string): boolean => {
  const keys = objectKeys(value);
  return keys.length === 2 && keys[0] === first && keys[1] === second;
};
// The forms of an action or observation a hook returned (its value parsed from the answer).
/** The form of an action a hook returned (`value`, parsed from its JSON `text`). */
export const actionForm = (value: { name?: unknown; args?: unknown }, text: string): ActionForm =>
  keysAre(value, "name", "args") ? ["f", value.name as string, stringify(value.args)] : ["j", text];
/** The form of an observation with `text` and `data`. */
export const observationForm = (text: string, data: unknown): ObservationForm =>
  data === undefined ? ["t", text] : ["f", text, stringify(data)];
/** The text of an observation form. */
export const observationText = (form: ObservationForm): string => (form[0] === "j" ? parse(form[1]).text : form[1]);
/** The data of an observation form. */
export const observationData = (form: ObservationForm): Json =>
  form[0] === "j" ? parse(form[1]).data : form[0] === "f" ? parse(form[2]) : undefined;

/** The context of one hook with only the keys it may read (mask, see loadMember). */
export const contextOf = (
  member: ContextMember,
  mask: number,
  hook: number,
  turn: number,
  seed: number,
  stateText: string,
): HookInput => {
  if (mask === 0) return untouched;
  const memoryText = member.memoryText;
  if (mask === WHOLE) {
    return {
      state: member.usesState && stateText !== "" ? parsedOnce(stateText) : {},
      memory: memoryText === "{}" ? {} : parse(memoryText),
      turn,
      seed,
      random: createRandom(seed, turn, hook),
    };
  }
  const context: HookInput = {};
  if (mask & 1) context.state = member.usesState && stateText !== "" ? parsedOnce(stateText) : {};
  if (mask & 2) context.memory = memoryText === "{}" ? {} : parse(memoryText);
  if (mask & 4) context.turn = turn;
  if (mask & 8) context.seed = seed;
  if (mask & 16) context.random = createRandom(seed, turn, hook);
  return context;
};
