import { formatCall } from "../../bridges/bugfix/index.js";
import type { Policy, PolicyInput } from "../../core/policy.js";
import { perceiveBugFix } from "./bugfix-perception.js";
import { noviceFixOp } from "./novice-fix-op.js";
import { untriedFixOps } from "./untried-fix-ops.js";

/**
 * The novice persona (stochastic, seeded by the episode's rng): read, choose an op with
 * {@link noviceFixOp} (reliable on min/max, division and strict-comparison code; a coin
 * flip between `extend_range` and `toggle_init` on any `range (` loop), edit, test, submit.
 * It runs the tests but ignores what they say: a failing report does not stop it from
 * submitting.
 *
 * It decides only from what it saw: with no complete code in view (masked or truncated)
 * it guesses an untried fix op; an edit reported as applied in an observation (e.g. by a
 * Setup) counts as done; an edit that changed nothing makes it try another op; a refused
 * submit makes it test.
 */
export function createNovicePolicy(): Policy {
  let initialText: string | null = null;
  return {
    name: "novice",
    act(input: PolicyInput) {
      initialText ??= input.observation.text;
      const perception = perceiveBugFix(initialText, input.history);
      const last = perception.calls.at(-1) ?? null;
      if (last?.tool === "submit") return formatCall("test");
      if (!perception.edited) {
        if (perception.code === null && perception.reads === 0) return formatCall("read");
        const untried = untriedFixOps(perception.spentOps);
        if (untried.length === 0) return formatCall("submit");
        const op = perception.code === null ? input.random.pick(untried) : noviceFixOp(perception.code, input.random);
        return formatCall("edit", untried.includes(op) ? op : input.random.pick(untried));
      }
      if (!perception.testedSinceEdit) return formatCall("test");
      return formatCall("submit");
    },
  };
}
