import { fixOpNames, formatCall } from "../../bridges/bugfix/index.js";
import type { Policy } from "../../core/policy.js";

/** The blind baseline: apply one fix op drawn at random (seeded) without reading, then submit. */
export function createBlindPolicy(): Policy {
  return {
    name: "blind",
    act(input) {
      if (input.history.length === 0) return formatCall("edit", input.random.pick(fixOpNames));
      return formatCall("submit");
    },
  };
}
