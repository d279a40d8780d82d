import type { Action } from "../../core/action.js";
import type { JsonObject } from "../../core/json.js";
import type { Observation } from "../../core/observation.js";
import type { GroupCall } from "../../harness/rules-group-runtime.js";
import { ACTION_MODE, OBSERVATION_MODE, type GroupCallInputs } from "./group-call-inputs.js";

// How the host packs the values of a group call into its inputs (see `GroupCallInputs`;
// read back in the isolate by `isolate-code/group-inputs.ts`).

/**
 * An action as the isolate takes it (three items): `f, name, argsJson` for an object whose
 * keys are exactly `name, args` in that order, or `n, name, ""` when no hook of the call
 * reads the args (they are then not serialised at all), else `j, json, ""`; no action
 * (`null`: the isolate takes the one the last `filterActions` left, or the input did not
 * parse) is `none, "", ""`.
 */
export function packAction(packer: GroupCallInputs, action: Action | null, needsArgs: boolean): void {
  if (action === null) {
    packer.number(ACTION_MODE.none).text("").text("");
    return;
  }
  const keys = Object.keys(action);
  if (
    keys.length === 2 &&
    keys[0] === "name" &&
    keys[1] === "args" &&
    typeof action.name === "string" &&
    action.args !== undefined
  ) {
    if (needsArgs) packer.number(ACTION_MODE.fields).text(action.name).text(JSON.stringify(action.args));
    else packer.number(ACTION_MODE.nameOnly).text(action.name).text("");
    return;
  }
  packer.number(ACTION_MODE.json).text(JSON.stringify(action)).text("");
}

/**
 * An observation as the isolate takes it (three items): `t, text, ""` (also when no hook
 * of the call reads `data`: it is then not serialised), `f, text, dataJson` for keys
 * exactly `text[, data]` in that order (the text needs no JSON at all), else `j, json, ""`.
 */
export function packObservation(packer: GroupCallInputs, observation: Observation, needsData: boolean): void {
  const keys = Object.keys(observation);
  if (typeof observation.text === "string" && keys[0] === "text") {
    if (keys.length === 1 || (!needsData && keys.length === 2 && keys[1] === "data")) {
      packer.number(OBSERVATION_MODE.text).text(observation.text).text("");
      return;
    }
    if (keys.length === 2 && keys[1] === "data" && observation.data !== undefined) {
      packer.number(OBSERVATION_MODE.fields).text(observation.text).text(JSON.stringify(observation.data));
      return;
    }
  }
  packer.number(OBSERVATION_MODE.json).text(JSON.stringify(observation)).text("");
}

/** Turn and seed of layers 0..top, the last items of a call's inputs. */
export function packContexts(packer: GroupCallInputs, call: GroupCall, top: number): void {
  const contexts = call.contexts;
  for (let layer = 0; layer <= top; layer++) {
    const context = contexts[layer];
    packer.number(context?.turn ?? 0).number(context?.seed ?? 0);
  }
}

/** A memory as the isolate takes it: its JSON (`{}` needs no serialising). */
export function memoryText(memory: JsonObject): string {
  return isEmptyRecord(memory) ? "{}" : JSON.stringify(memory);
}

/** True for `{}` (a plain object without keys), whose JSON needs no serialising. */
function isEmptyRecord(value: JsonObject): boolean {
  for (const _key in value) return false;
  return Object.getPrototypeOf(value) === Object.prototype && Object.getOwnPropertyNames(value).length === 0;
}

/** The JSON of a call's state (`""` when the call has none). */
export function stateText(call: GroupCall): string {
  return call.state === undefined ? "" : JSON.stringify(call.state);
}
