import { callStarted, hookStarted, overBudgetFailure, overCpuBudget } from "./budget.js";
import type { Hook } from "./read-component.js";
import {
  type ActionForm,
  actionForm,
  actionInput,
  actionModes,
  configureInputs,
  contextBase,
  contextOf,
  inputNumbers,
  nextFlag,
  nextNumber,
  nextText,
  type ObservationForm,
  observationData,
  observationForm,
  observationInput,
  observationModes,
  observationText,
  readContexts,
  startInputs,
  transitionInput,
  WHOLE,
} from "./group-inputs.js";
import { actionVerdict, isObservation, isRecord, jsonEqual, patchOf } from "./host-checks.js";
import {
  atomicsStore,
  freeze,
  getPrototypeOf,
  Int32ArrayConstructor,
  objectKeys,
  objectPrototype,
  parse,
} from "./intrinsics.js";
import { memoryLimit, outputLimit } from "./limits.js";
import { describeError, failure, serializationFailure, serialize } from "./serializer.js";
import { members } from "./group-members.js";
export { loadMember, memberMemory, restoreMembers, saveMembers } from "./group-members.js";

/*
 * In-isolate code: the group part of the Rules bootstrap (see `rules-bootstrap.ts`): several
 * components in one isolate, run layer after layer in one call per hook phase (see
 * `SandboxRulesGroup`).
 *
 * - `loadMember(factory, usesState, masksText)` loads one more component (layer 0 is the
 *   innermost) with the masks of what each of its hooks may read (see `hookInputMasks`;
 *   absent: everything); `configureGroup(markerBuffer, inputsBuffer)` sets the shared
 *   `Int32Array` where the running (layer, hook) is written before each hook (so the host
 *   can name it after the isolate died) and the shared `Float64Array` the host writes each
 *   call's numbers into (see `GroupCallInputs`).
 * - `filterActions(text)` (inputs: top, bottom, action mode and its two texts, state, pending
 *   memories, then every layer's turn and seed) runs `filterAction` from layer `top` down to
 *   `bottom`, each layer on its own copy of the action the layer above passed on, stopping
 *   at a block or at anything the host would refuse.
 * - `transitions(text)` (bottom, top, fromActions, action, observation mode and texts,
 *   reward, terminated, truncated, info, state, withObservation, pending memories,
 *   contexts) runs each layer's `modifyTransition` then (with `withObservation`)
 *   `filterObservation` from `bottom` up to `top`, each layer seeing the observation and
 *   `truncated` the layer below passed on, and the action the last `filterActions` call
 *   left it (`fromActions`) or the given one (mode "none": the input did not parse);
 *   entries are `[transitionAnswer, observationAnswer]` per layer reached.
 * - `observations(text)` (bottom, top, observation, state, keepMemory, pending memories,
 *   contexts) runs `filterObservation` from `bottom` up to `top` (memory kept only with
 *   `keepMemory`).
 * - `groupProgress()` tells, after the host interrupted one of those calls, the answers
 *   finished and the (layer, hook) that was running.
 * - `memberMemory(layer)` answers a layer's memory as JSON; `saveMembers()` and
 *   `restoreMembers(text)` take out and put back what every member keeps between calls.
 *
 * A hook gets only the parts of its inputs its masks say it may read (an unread action
 * `args`, transition `info` or observation `data` is not even sent by the host; a context
 * without `memory` cannot change it), each hook its own copy (see `group-inputs.ts`). Each
 * component's memory stays here between calls as JSON text (a hook's changes are kept only
 * when the host will accept its value, which is decided here with the host's own rules,
 * see `host-checks.ts`, and the host is told the new memory only when it changed). A call
 * answers `""` when every layer ran and no hook changed anything, else a JSON array with
 * one entry per layer reached: `null` for a hook the layer lacks or that changed nothing
 * (returned `undefined`, memory unchanged), else `{ok:true, memory?, value?}` or
 * `{ok:false, code, message}`. Every hook runs under the CPU-time budget of `budget.ts`.
 */

/**
 * What one hook did: `[ok, answerText, present, valueText, memoryText]` (`present`: it
 * returned a value), or `[false, failureText]`.
 */
type Outcome = readonly [boolean, string, boolean?, string?, string?];

// --- Groups of components, run layer after layer in one call.
let marker: Int32Array | undefined;
/** Use the buffers shared with the host: the running (layer, hook) marker and each call's numbers. */
export const configureGroup = (markerBuffer: ArrayBufferLike, inputsBuffer: ArrayBufferLike): void => {
  marker = new Int32ArrayConstructor(markerBuffer);
  configureInputs(inputsBuffer);
};
// What the last call has finished (its entry texts joined by commas) and is running, for
// groupProgress. The bootstrap writes no array elements on the hot path: with every
// intrinsic frozen, V8 stores each one the slow way (about 0.2-0.4 us against 0.01 us for
// a property, measured in this sandbox); it appends with push or builds strings instead.
let finished = "";
let partial = "";
let runningLayer = -1;
let runningHook = -1;
// False while every entry of the call is "null" (no hook changed anything).
let changed = false;
// Starts a call: reads the memories the host sets first (a count, then layer and JSON
// text of each: texts the host made with JSON.stringify, kept as they are).
const begin = () => {
  callStarted();
  finished = "";
  changed = false;
  partial = "";
  runningLayer = -1;
  runningHook = -1;
  const count = nextNumber();
  for (let index = 0; index < count; index++) {
    const layer = nextNumber();
    members[layer].memoryText = nextText();
  }
};
// The call's answer: "" when every layer ran and no hook changed anything (the host then
// decodes nothing), else a JSON array of the entries.
const answerOf = () => {
  runningLayer = -1;
  runningHook = -1;
  return changed ? "[" + finished + "]" : "";
};
const finish = (entry: string) => {
  finished = finished === "" ? entry : finished + "," + entry;
};
const note = (entry: string) => {
  if (entry !== "null") changed = true;
  return entry;
};

// The outcome of a hook that changed nothing (keep leaves the memory as it is).
const unchangedOutcome: Outcome = freeze([true, "null", false, "", ""]);

// Run one hook of one layer on its inputs (first, and second for modifyTransition; the
// context is added), called as a plain function like apply(hook, undefined, arguments).
// Answers [ok, answerText, present, valueText, memoryText]: nothing is kept yet (see keep
// below). An answer that changes nothing (undefined returned, memory unchanged) is "null".
const runMember = (layer: number, hook: number, first: unknown, second: unknown, stateText: string): Outcome => {
  const member = members[layer];
  runningLayer = layer;
  runningHook = hook;
  if (marker !== undefined) {
    // Atomics.store: a plain element store is slow on a typed array whose prototype is frozen.
    atomicsStore(marker, 0, layer);
    atomicsStore(marker, 1, hook);
  }
  const masks = member.masks[hook];
  const contextMask = masks[masks.length - 1];
  const memoryText = member.memoryText;
  const context = contextOf(
    member,
    contextMask,
    hook,
    inputNumbers[contextBase + 2 * layer],
    inputNumbers[contextBase + 2 * layer + 1],
    stateText,
  );
  const target = member.hooks[hook] as Hook;
  const started = hookStarted();
  let result;
  try {
    result = hook === 1 ? target(first, second, context) : target(first, context);
  } catch (error) {
    return overCpuBudget(started) ? [false, overBudgetFailure()] : [false, failure("threw", describeError(error))];
  }
  // A context without memory (the hook cannot name it) leaves the memory as it was.
  let nextMemoryText = memoryText;
  if (contextMask === WHOLE || contextMask & 2) {
    const memory = context.memory;
    if (!isRecord(memory)) return [false, failure("bad-output", "context.memory must stay a JSON object")];
    nextMemoryText = "{}";
    if (getPrototypeOf(memory) !== objectPrototype || objectKeys(memory).length > 0) {
      try {
        nextMemoryText = serialize(memory, memoryLimit);
      } catch (error) {
        return [false, serializationFailure(error, "context.memory", "memory-too-large", memoryLimit)];
      }
    }
  }
  let valueText = "";
  if (result !== undefined) {
    try {
      valueText = serialize(result, outputLimit);
    } catch (error) {
      return [false, serializationFailure(error, "the result", "bad-output", outputLimit)];
    }
  }
  if (overCpuBudget(started)) return [false, overBudgetFailure()];
  const memoryChanged = nextMemoryText !== memoryText;
  if (!memoryChanged && result === undefined) return unchangedOutcome;
  const text =
    '{"ok":true' +
    (memoryChanged ? ',"memory":' + nextMemoryText : "") +
    (result === undefined ? "" : ',"value":' + valueText) +
    "}";
  return [true, text, result !== undefined, valueText, nextMemoryText];
};
const keep = (layer: number, outcome: Outcome) => {
  if (outcome !== unchangedOutcome) members[layer].memoryText = outcome[4] as string;
};

// The action each layer passed on in the last filterActions call is its member's
// lastAction (a form). An action form is also ["n", name] when no hook of the call reads
// its args.
const actionFormOf = (mode: string, first: string, second: string): ActionForm =>
  mode === "f" ? ["f", first, second] : mode === "n" ? ["n", first] : ["j", first];
const observationFormOf = (mode: string, first: string, second: string): ObservationForm =>
  mode === "j" ? ["j", first] : mode === "f" ? ["f", first, second] : ["t", first];
/** Run `filterAction` from layer `top` down to `bottom` (inputs: see the module comment). */
export const filterActions = (text: string): string => {
  startInputs(text);
  const top = nextNumber();
  const bottom = nextNumber();
  const actionMode = actionModes[nextNumber()];
  const actionFirst = nextText();
  const actionSecond = nextText();
  const stateText = nextText();
  begin();
  readContexts();
  let current = actionFormOf(actionMode, actionFirst, actionSecond);
  for (let layer = top; layer >= bottom; layer--) {
    const member = members[layer];
    member.lastAction = current;
    if (member.hooks[0] === undefined) {
      finish("null");
      continue;
    }
    const outcome = runMember(layer, 0, actionInput(current, member.masks[0][0]), undefined, stateText);
    finish(note(outcome[1]));
    if (!outcome[0]) break;
    if (!outcome[2]) {
      keep(layer, outcome);
      continue;
    }
    const value = parse(outcome[3] as string);
    const verdict = actionVerdict(value);
    if (verdict === "bad") break;
    keep(layer, outcome);
    if (verdict === "block") break;
    const before =
      current[0] === "j"
        ? parse(current[1])
        : current[0] === "f"
          ? { name: current[1], args: parse(current[2]) }
          : undefined;
    if (before === undefined || !jsonEqual(value, before))
      current = member.lastAction = actionForm(value, outcome[3] as string);
  }
  return answerOf();
};

/** Run `modifyTransition` (then `filterObservation`) from layer `bottom` up to `top` (inputs: see the module comment). */
export const transitions = (text: string): string => {
  startInputs(text);
  const bottom = nextNumber();
  const top = nextNumber();
  const fromActions = nextFlag();
  const actionMode = actionModes[nextNumber()];
  const actionFirst = nextText();
  const actionSecond = nextText();
  const observationMode = observationModes[nextNumber()];
  const observationFirst = nextText();
  const observationSecond = nextText();
  const reward = nextNumber();
  const terminated = nextFlag();
  const truncated = nextFlag();
  const infoText = nextText();
  const stateText = nextText();
  const withObservation = nextFlag();
  begin();
  readContexts();
  const given = actionMode === "" ? undefined : actionFormOf(actionMode, actionFirst, actionSecond);
  let observation = observationFormOf(observationMode, observationFirst, observationSecond);
  let isTruncated = truncated;
  for (let layer = bottom; layer <= top; layer++) {
    const member = members[layer];
    const hooks = member.hooks;
    const action = fromActions ? member.lastAction : given;
    let first = "null";
    if (action !== undefined && hooks[1] !== undefined) {
      const masks = member.masks[1];
      const input = transitionInput(masks[1], observation, reward, terminated, isTruncated, infoText);
      const outcome = runMember(layer, 1, actionInput(action, masks[0]), input, stateText);
      first = note(outcome[1]);
      if (!outcome[0]) {
        finish("[" + first + "]");
        break;
      }
      const patch = outcome[2] ? patchOf(parse(outcome[3] as string), isTruncated) : {};
      if (patch === undefined) {
        finish("[" + first + "]");
        break;
      }
      keep(layer, outcome);
      // The host applies every accepted patch (text, data) to a fresh {text, data} object.
      if ("text" in patch || "data" in patch || observation[0] === "j") {
        const text = "text" in patch ? (patch.text as string) : observationText(observation);
        const data = "data" in patch ? patch.data : observationData(observation);
        observation = observationForm(text, data);
      }
      if (patch.truncated === true) isTruncated = true;
    }
    partial = first;
    let second = "null";
    if (hooks[2] !== undefined && withObservation) {
      const outcome = runMember(layer, 2, observationInput(observation, member.masks[2][0]), undefined, stateText);
      second = note(outcome[1]);
      const value = outcome[0] && outcome[2] ? parse(outcome[3] as string) : undefined;
      if (!outcome[0] || (outcome[2] && !isObservation(value))) {
        finish("[" + first + "," + second + "]");
        break;
      }
      keep(layer, outcome);
      if (outcome[2]) observation = observationForm(value.text, value.data);
    }
    partial = "";
    finish(first === "null" && second === "null" ? "[null,null]" : "[" + first + "," + second + "]");
  }
  return answerOf();
};

/** Run `filterObservation` from layer `bottom` up to `top` (inputs: see the module comment). */
export const observations = (text: string): string => {
  startInputs(text);
  const bottom = nextNumber();
  const top = nextNumber();
  const observationMode = observationModes[nextNumber()];
  const observationFirst = nextText();
  const observationSecond = nextText();
  const stateText = nextText();
  const keepMemory = nextFlag();
  begin();
  readContexts();
  let observation = observationFormOf(observationMode, observationFirst, observationSecond);
  for (let layer = bottom; layer <= top; layer++) {
    const member = members[layer];
    if (member.hooks[2] === undefined) {
      finish("null");
      continue;
    }
    const outcome = runMember(layer, 2, observationInput(observation, member.masks[2][0]), undefined, stateText);
    finish(note(outcome[1]));
    const value = outcome[0] && outcome[2] ? parse(outcome[3] as string) : undefined;
    if (!outcome[0] || (outcome[2] && !isObservation(value))) break;
    if (keepMemory) keep(layer, outcome);
    if (outcome[2]) observation = observationForm(value.text, value.data);
  }
  return answerOf();
};

/** After the host interrupted a call: the answers finished, the partial entry and the (layer, hook) running, as JSON. */
export const groupProgress = (): string =>
  '{"finished":[' +
  finished +
  '],"partial":' +
  (partial === "" ? "null" : partial) +
  ',"running":[' +
  runningLayer +
  "," +
  runningHook +
  "]}";
