import { ts } from "ts-morph";
import type { HookName } from "../component-hooks.js";
import { isDeclarationName } from "./static-check-declaration-name.js";
import type { HookFunction } from "./static-check-shape.js";

/** Which parameter of each hook is the context. */
const contextParameterIndex: Record<HookName, number> = { filterAction: 1, modifyTransition: 2, filterObservation: 1 };

/** True when a destructured context parameter takes `state` (or everything, with a rest element). */
function patternReadsState(pattern: ts.BindingName): boolean {
  if (!ts.isObjectBindingPattern(pattern)) return true;
  return pattern.elements.some((element) => {
    if (element.dotDotDotToken) return true;
    const key = element.propertyName ?? element.name;
    if (ts.isIdentifier(key) || ts.isStringLiteral(key)) return key.text === "state";
    return true;
  });
}

/** True when the hook may read its context's `state`. */
function hookReadsState(hook: HookName, hookFunction: HookFunction): boolean {
  const index = contextParameterIndex[hook];
  const parameters = hookFunction.parameters;
  if (parameters.slice(0, index + 1).some((parameter) => parameter.dotDotDotToken)) return true;
  const parameter = parameters[index];
  if (!parameter) return false;
  if (!ts.isIdentifier(parameter.name)) return patternReadsState(parameter.name);
  const contextName = parameter.name.text;
  let reads = false;
  const visit = (node: ts.Node): void => {
    if (reads) return;
    if (ts.isIdentifier(node) && node.text === contextName && node !== parameter.name && !isDeclarationName(node)) {
      // The only safe use is reading a member other than `state`: `context.memory`, `context.random()`.
      const parent = node.parent;
      const safe = ts.isPropertyAccessExpression(parent) && parent.expression === node && parent.name.text !== "state";
      if (!safe) reads = true;
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(hookFunction, visit);
  return reads;
}

/**
 * Whether any hook may read `context.state`, so the Rules layer can skip the costly
 * `stateView()` when none does. Conservative: true unless every use of every hook's context
 * parameter is a plain member read of something else (`context.memory`, `context.turn`,
 * `context.random()`); passing the context on, aliasing it, destructuring it with `state`
 * or a rest element, or a hook whose function cannot be found all count as reading state.
 */
export function readsState(hookFunctions: ReadonlyMap<HookName, HookFunction | null>): boolean {
  for (const [hook, hookFunction] of hookFunctions) {
    if (hookFunction === null || hookReadsState(hook, hookFunction)) return true;
  }
  return false;
}
