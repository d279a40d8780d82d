import type { ComponentIssue } from "./component-issue.js";
import { checkComponentSource, type ComponentCheck } from "./static-check/static-check.js";
import { TaskCodeLruCache } from "../isolate/task-code-lru-cache.js";
import { transpileComponent } from "./transpile-component.js";

/** A component source that passed the static check, with the script the sandbox evaluates. */
export interface PreparedComponent {
  ok: true;
  /** The static check's verdict (shared and frozen: do not change it). */
  check: ComponentCheck;
  /** The transpiled factory script (see `transpileComponent`). */
  script: string;
}

/** A component source refused by the static check or the transpile, and why. */
export interface RefusedComponent {
  ok: false;
  issues: ComponentIssue[];
}

/**
 * Sources prepared in this process, most recently used last. A rig builds the same
 * candidate stack for every batch of its validation (about 20 per candidate on BugFix), and
 * the check and transpile depend on nothing but the source, so each distinct source pays
 * for them once. Sources are at most 32 KiB, so the cache holds at most about 2 MiB.
 */
const prepared = new TaskCodeLruCache<string, PreparedComponent | RefusedComponent>(64);

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFreeze(member);
  }
  return value;
}

/**
 * Statically check and transpile a Rules component's source, once per distinct source (a
 * bounded cache; the result is the same as calling `checkComponentSource` then
 * `transpileComponent`, which are pure functions of the source). The result is frozen.
 */
export function prepareComponent(source: string): PreparedComponent | RefusedComponent {
  const cached = prepared.get(source);
  if (cached) return cached;
  const check = checkComponentSource(source);
  let result: PreparedComponent | RefusedComponent;
  if (!check.ok) {
    result = { ok: false, issues: check.issues };
  } else {
    const transpiled = transpileComponent(source);
    result = transpiled.ok ? { ok: true, check, script: transpiled.script } : { ok: false, issues: transpiled.issues };
  }
  prepared.set(source, deepFreeze(result));
  return result;
}
