import { formatCall } from "../../bridges/bugfix/index.js";
import type { Policy, PolicyInput } from "../../core/policy.js";
import { inferFixOp } from "../bugfix/infer-fix-op.js";
import { perceiveBugFix, type BugFixPerception } from "./bugfix-perception.js";
import { untriedFixOps } from "./untried-fix-ops.js";

/** Probability that the looper runs `test` again right after a test. */
export const LOOPER_RETEST_PROBABILITY = 0.5;

/**
 * Probability that the looper reads again right after a read: it grows with the length of
 * the code it was shown (0.1 + 0.1 per line, at most 0.85), so long listings — the loops —
 * are re-read more; with no code in sight it is 0.5.
 */
export function looperRereadProbability(perception: BugFixPerception): number {
  if (perception.code === null) return 0.5;
  return Math.min(0.85, 0.1 + 0.1 * perception.code.split("\n").length);
}

function nextEdit(perception: BugFixPerception, input: PolicyInput): string {
  const untried = untriedFixOps(perception.spentOps);
  if (untried.length === 0) return formatCall("submit");
  const ruled = perception.code === null ? null : inferFixOp(perception.code);
  return formatCall("edit", ruled !== null && untried.includes(ruled) ? ruled : input.random.pick(untried));
}

/**
 * The looper persona (stochastic, seeded by the episode's rng): it knows the right op (the
 * keyword rule `inferFixOp` on the code it read) and follows read → edit → test → submit,
 * but right after a read it reads again with a probability that grows with the code's
 * length, and right after a test it tests again with probability 0.5 — so it often runs
 * out of the 6-turn budget, more on long code.
 *
 * It decides only from what it saw: with no complete code in view (masked or truncated)
 * it keeps re-reading at the same rate or guesses an op; an edit reported as applied in an
 * observation (e.g. by a Setup) counts as done; a failing test makes it try another op;
 * a refused submit makes it test.
 */
export function createLooperPolicy(): Policy {
  let initialText: string | null = null;
  return {
    name: "looper",
    act(input: PolicyInput) {
      initialText ??= input.observation.text;
      const perception = perceiveBugFix(initialText, input.history);
      const last = perception.calls.at(-1) ?? null;
      if (last?.tool === "read" && input.random.chance(looperRereadProbability(perception))) return formatCall("read");
      if (last?.tool === "test" && input.random.chance(LOOPER_RETEST_PROBABILITY)) return formatCall("test");
      if (last?.tool === "submit") return formatCall("test");
      if (!perception.edited) {
        if (perception.code === null && perception.reads === 0) return formatCall("read");
        return nextEdit(perception, input);
      }
      if (!perception.testedSinceEdit) return formatCall("test");
      if (perception.lastTest === "fail") return nextEdit(perception, input);
      return formatCall("submit");
    },
  };
}
