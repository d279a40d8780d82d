import { editOpNameSchema, formatCall } from "../../bridges/bugfix/index.js";
import type { Policy } from "../../core/policy.js";

/** The nine well-formed BugFix calls: read, test, submit and edit with each of the six ops. */
const wellFormedCalls: readonly string[] = [
  formatCall("read"),
  formatCall("test"),
  formatCall("submit"),
  ...editOpNameSchema.options.map((op) => formatCall("edit", op)),
];

/** The random baseline: each turn, one of the nine well-formed calls, uniformly (seeded). */
export function createRandomPolicy(): Policy {
  return {
    name: "random",
    act: (input) => input.random.pick(wellFormedCalls),
  };
}
