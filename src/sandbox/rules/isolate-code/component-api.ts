import { callStarted, hookStarted, overBudgetFailure, overCpuBudget } from "./budget.js";
import { hookNames } from "./hook-names.js";
import {
  apply,
  getOwnPropertyDescriptor,
  isArray,
  objectKeys,
  ownKeys,
  parse,
  stringify,
  toText,
} from "./intrinsics.js";
import { memoryLimit, outputLimit, textLimit } from "./limits.js";
import { harden } from "./lockdown.js";
import { createRandom } from "./random.js";
import { describeError, failure, serializationFailure, serialize } from "./serializer.js";

/*
 * In-isolate code: the API part of the Rules bootstrap (see `rules-bootstrap.ts`) for an
 * isolate with one component. `readComponent(factory)` runs a component factory with
 * `harden`, checks the exported hooks and freezes them (the groups use it too);
 * `load(factory)` does so once for the isolate's only component; `call(hook, inputText)`
 * runs one hook on a fresh context and answers JSON;
 * `callTransitionThenObservation(inputText, observationText, stateText)` runs
 * `modifyTransition` and then, when its patch is one the host accepts, `filterObservation`
 * on the patched observation (what the Rules layer would do next), in one call; and
 * `progress()` tells after a timeout of the latter whether `modifyTransition` had finished.
 * Every hook runs under the CPU-time budget of `budget.ts` (over it: `timeout`).
 */

/** A hook of a component, called as a plain function. */
export type Hook = (...args: unknown[]) => unknown;
/** The three hooks of a component in hook order (absent ones `undefined`) and which are present. */
export type ReadComponent = [(Hook | undefined)[], boolean[]];
/** A parsed `call` input (see `rulesBootstrap`). */
interface HookInput {
  arguments: unknown[];
  state: unknown;
  memory: unknown;
  turn: number;
  seed: number;
}
/** A parsed hook answer. */
interface HookAnswer {
  ok: boolean;
  memory?: unknown;
  value?: unknown;
}
/** A transition patch the host accepts. */
interface TransitionPatch {
  text?: string;
  data?: unknown;
  truncated?: boolean;
}

// --- The API.
const hooks: (Hook | undefined)[] = [undefined, undefined, undefined];
let loaded = false;
/** Run a component factory and read its hooks: [hooks, present] or a failure's JSON text. */
export const readComponent = (factory: (freeze: typeof harden) => unknown): ReadComponent | string => {
  let component;
  try {
    component = factory(harden);
  } catch (error) {
    return failure("threw", "loading the component threw " + describeError(error));
  }
  if (component === null || typeof component !== "object") {
    return failure("bad-shape", "the default export must be defineRules({ ... })");
  }
  const keys = ownKeys(component);
  const found: (Hook | undefined)[] = [undefined, undefined, undefined];
  const present = [false, false, false];
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index];
    const hook = typeof key === "string" ? (hookNames as readonly string[]).indexOf(key) : -1;
    if (hook < 0)
      return failure("bad-shape", "unknown hook " + toText(key) + ": the hooks are " + hookNames.join(", "));
    const descriptor = getOwnPropertyDescriptor(component, key) as PropertyDescriptor;
    if (!("value" in descriptor) || typeof descriptor.value !== "function") {
      return failure("bad-shape", "hook " + (key as string) + " must be a function");
    }
    found[hook] = descriptor.value;
    present[hook] = true;
  }
  if (!present[0] && !present[1] && !present[2]) {
    return failure("no-hooks", "defineRules({ ... }) needs at least one hook: " + hookNames.join(", "));
  }
  harden(component);
  return [found, present];
};
/** Load the isolate's only component (see `readComponent`): `{ok:true, hooks}` or a failure, as JSON. */
export const load = (factory: (freeze: typeof harden) => unknown): string => {
  if (loaded) return failure("bad-shape", "the component is already loaded");
  loaded = true;
  const read = readComponent(factory);
  if (typeof read === "string") return read;
  for (let index = 0; index < 3; index++) hooks[index] = read[0][index];
  return stringify({ ok: true, hooks: read[1] });
};
// Run hook number `hook` on a parsed input; answers JSON (see `call` in `rulesBootstrap`).
const runHook = (hook: number, input: HookInput): string => {
  const target = hooks[hook];
  if (typeof target !== "function") return failure("bad-shape", "the component has no hook number " + hook);
  const context = {
    state: input.state,
    memory: input.memory,
    turn: input.turn,
    seed: input.seed,
    random: createRandom(input.seed, input.turn, hook),
  };
  const list = input.arguments;
  // push: an element store is slow with every intrinsic frozen (see group.ts).
  list.push(context);
  const started = hookStarted();
  let result;
  try {
    result = apply(target, undefined, list);
  } catch (error) {
    return overCpuBudget(started) ? overBudgetFailure() : failure("threw", describeError(error));
  }
  const memory = context.memory;
  if (memory === null || typeof memory !== "object" || isArray(memory)) {
    return failure("bad-output", "context.memory must stay a JSON object");
  }
  let memoryText;
  try {
    memoryText = serialize(memory, memoryLimit);
  } catch (error) {
    return serializationFailure(error, "context.memory", "memory-too-large", memoryLimit);
  }
  let valueText = "";
  if (result !== undefined) {
    try {
      valueText = ',"value":' + serialize(result, outputLimit);
    } catch (error) {
      return serializationFailure(error, "the result", "bad-output", outputLimit);
    }
  }
  if (overCpuBudget(started)) return overBudgetFailure();
  return '{"ok":true,"memory":' + memoryText + valueText + "}";
};
/** Run hook number `hook` (0 filterAction, 1 modifyTransition, 2 filterObservation) on the JSON input `inputText`. */
export const call = (hook: number, inputText: string): string => {
  callStarted();
  if (typeof hooks[hook] !== "function") return failure("bad-shape", "the component has no hook number " + hook);
  return runHook(hook, parse(inputText));
};

// --- modifyTransition, then filterObservation on the patched observation, in one call.
// How far the last such call got, read by `progress` after a timeout: 0 in
// modifyTransition, 1 in filterObservation (`firstAnswer` is modifyTransition's), 2 done.
let stage = 2;
let firstAnswer = "";
// The patch the host will accept and apply, or undefined (the host then calls
// filterObservation itself): the same rules as its decoder, on the answer's own copy.
const acceptedPatch = (answer: HookAnswer, truncated: boolean): TransitionPatch | undefined => {
  if (!("value" in answer)) return {};
  const patch = answer.value as TransitionPatch;
  if (patch === null || typeof patch !== "object" || isArray(patch)) return undefined;
  const keys = objectKeys(patch);
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index];
    if (key !== "text" && key !== "data" && key !== "truncated") return undefined;
  }
  if ("text" in patch && (typeof patch.text !== "string" || patch.text.length > textLimit)) return undefined;
  if ("data" in patch && (patch.data === null || typeof patch.data !== "object" || isArray(patch.data)))
    return undefined;
  if ("truncated" in patch && typeof patch.truncated !== "boolean") return undefined;
  if (patch.truncated === false && truncated) return undefined;
  return patch;
};
/**
 * `inputText` is modifyTransition's input with `state` and the transition's `observation`
 * left as 0; `stateText` and `observationText` are their JSON, parsed once per hook so each
 * hook gets its own copy. Answers a JSON array: modifyTransition's answer, then
 * filterObservation's when it ran (the host runs it itself otherwise).
 */
export const callTransitionThenObservation = (
  inputText: string,
  observationText: string,
  stateText: string,
): string => {
  callStarted();
  stage = 0;
  firstAnswer = "";
  if (typeof hooks[1] !== "function") return "[" + failure("bad-shape", "the component has no hook number 1") + "]";
  const input: HookInput = parse(inputText);
  const transition = input.arguments[1] as { observation: unknown; truncated: unknown };
  transition.observation = parse(observationText);
  input.state = parse(stateText);
  const truncated = transition.truncated === true;
  const turn = input.turn;
  const seed = input.seed;
  firstAnswer = runHook(1, input);
  stage = 1;
  const answer: HookAnswer = parse(firstAnswer);
  const patch = answer.ok === true && typeof hooks[2] === "function" ? acceptedPatch(answer, truncated) : undefined;
  if (patch === undefined) {
    stage = 2;
    return "[" + firstAnswer + "]";
  }
  const observation = parse(observationText);
  const text = "text" in patch ? patch.text : observation.text;
  const data = "data" in patch ? patch.data : observation.data;
  const patched = data === undefined ? { text } : { text, data };
  const second = runHook(2, { arguments: [patched], state: parse(stateText), memory: answer.memory, turn, seed });
  stage = 2;
  return "[" + firstAnswer + "," + second + "]";
};
/** After a timeout of `callTransitionThenObservation`: modifyTransition's answer, `""` (it had not finished) or `"done"`. */
export const progress = (): string => (stage === 1 ? firstAnswer : stage === 0 ? "" : "done");
