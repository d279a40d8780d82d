import { ts } from "ts-morph";
import type { HookName } from "../component-hooks.js";
import { isDeclarationName } from "./static-check-declaration-name.js";
import type { HookFunction } from "./static-check-shape.js";
import { hookInputKeys, type HookInputs, type InputKeys } from "../hook-inputs.js";

export { hookInputKeys, wholeHookInputs, type HookInputs, type InputKeys } from "../hook-inputs.js";

/** The kinds of each hook's parameters, in order. */
const parameterKinds: Record<HookName, readonly (keyof typeof hookInputKeys)[]> = {
  filterAction: ["action", "context"],
  modifyTransition: ["action", "transition", "context"],
  filterObservation: ["observation", "context"],
};

/** The keys a destructuring pattern takes, or null (a rest element, a computed key, an array pattern). */
function patternKeys(pattern: ts.BindingName): string[] | null {
  if (!ts.isObjectBindingPattern(pattern)) return null;
  const keys: string[] = [];
  for (const element of pattern.elements) {
    if (element.dotDotDotToken) return null;
    const key = element.propertyName ?? element.name;
    if (!ts.isIdentifier(key) && !ts.isStringLiteral(key)) return null;
    keys.push(key.text);
  }
  return keys;
}

/**
 * The keys of its parameter `name` that `hookFunction` may touch, or null. Conservative:
 * the only uses that keep the answer a key list are `name.key` (read, written, called,
 * deleted — a write or delete only changes the hook's own copy, and every key touched is
 * built); any other use of the name (passed on, aliased, spread, `in`, `name[key]`) is
 * the whole value. Uses are found by name, so a shadowing variable of the same name only
 * adds keys (or makes it whole): never fewer.
 */
function keysRead(hookFunction: HookFunction, parameter: ts.Identifier): string[] | null {
  const name = parameter.text;
  const keys = new Set<string>();
  let whole = false;
  const visit = (node: ts.Node): void => {
    if (whole) return;
    if (ts.isIdentifier(node) && node.text === name && node !== parameter && !isDeclarationName(node)) {
      const parent = node.parent;
      if (ts.isPropertyAccessExpression(parent) && parent.expression === node && ts.isIdentifier(parent.name))
        keys.add(parent.name.text);
      else whole = true;
    }
    // A shorthand `{ name }` is a use of the name as a whole.
    if (ts.isShorthandPropertyAssignment(node) && node.name.text === name) whole = true;
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(hookFunction, visit);
  return whole ? null : [...keys];
}

/** What one parameter may read: its keys when they are all known keys of its kind, else null. */
function parameterInputs(hookFunction: HookFunction, index: number, known: readonly string[]): InputKeys {
  const parameters = hookFunction.parameters;
  if (parameters.slice(0, index + 1).some((parameter) => parameter.dotDotDotToken)) return null;
  const parameter = parameters[index];
  if (!parameter) return [];
  const keys = ts.isIdentifier(parameter.name) ? keysRead(hookFunction, parameter.name) : patternKeys(parameter.name);
  if (keys === null || keys.some((key) => !known.includes(key))) return null;
  return known.filter((key) => keys.includes(key));
}

/**
 * For each hook, which parts of each of its inputs it may read (see {@link InputKeys}), so
 * the sandbox builds and copies only those: an action's `args`, a transition's `info` or
 * an observation's `data` that no hook reads are never parsed, and a context without
 * `memory` means the memory cannot change. A hook that is absent gets `[]` everywhere
 * (it never runs); one whose function cannot be found is read as a whole.
 */
export function readHookInputs(hookFunctions: ReadonlyMap<HookName, HookFunction | null>): HookInputs {
  const inputs = (hook: HookName): InputKeys[] => {
    if (!hookFunctions.has(hook)) return parameterKinds[hook].map(() => []);
    const hookFunction = hookFunctions.get(hook);
    if (!hookFunction) return parameterKinds[hook].map(() => null);
    return parameterKinds[hook].map((kind, index) => parameterInputs(hookFunction, index, hookInputKeys[kind]));
  };
  return {
    filterAction: inputs("filterAction") as HookInputs["filterAction"],
    modifyTransition: inputs("modifyTransition") as HookInputs["modifyTransition"],
    filterObservation: inputs("filterObservation") as HookInputs["filterObservation"],
  };
}
