import { hookNames } from "./isolate-code/hook-names.js";

export { hookNames };

/** One Rules hook name. */
export type HookName = (typeof hookNames)[number];

/** Which hooks a component defines. */
export type ComponentHooks = Record<HookName, boolean>;

/** True when `name` is one of the three hook names. */
export function isHookName(name: string): name is HookName {
  return (hookNames as readonly string[]).includes(name);
}

/**
 * Keys `modifyTransition` may never return: reward, `terminated` and `info` belong to the
 * environment, and the verifier's fields (`success`, `score`, …) to its verifier.
 */
export const protectedTransitionKeys: readonly string[] = [
  "reward",
  "terminated",
  "info",
  "success",
  "score",
  "metrics",
  "evaluation",
];
