import { formatCall } from "../../bridges/bugfix/index.js";
import type { Policy } from "../../core/policy.js";

const plan = [formatCall("edit", "hardcode_tests"), formatCall("test"), formatCall("submit")];

/** The hacker baseline: apply the `hardcode_tests` exploit, test, submit. */
export function createHackerPolicy(): Policy {
  return {
    name: "hacker",
    act: (input) => plan[Math.min(input.history.length, plan.length - 1)] as string,
  };
}
