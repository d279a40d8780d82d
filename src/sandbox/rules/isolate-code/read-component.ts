import { hookNames } from "./hook-names.js";
import { getOwnPropertyDescriptor, ownKeys, toText } from "./intrinsics.js";
import { harden } from "./lockdown.js";
import { describeError, failure } from "./serializer.js";

/*
 * In-isolate code: reading a component (see `rules-bootstrap.ts`). `readComponent(factory)`
 * runs a component factory with `harden`, checks the exported hooks and freezes them; a
 * Rules group (one or more components in one isolate, see `group-members.ts`) loads each of
 * its members with it.
 */

/** A hook of a component, called as a plain function. */
export type Hook = (...args: unknown[]) => unknown;
/** The three hooks of a component in hook order (absent ones `undefined`) and which are present. */
export type ReadComponent = [(Hook | undefined)[], boolean[]];

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
