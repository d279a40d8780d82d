import { type FixOpName, formatCall } from "../../bridges/bugfix/index.js";
import type { Policy, PolicyInput } from "../../core/policy.js";
import type { Rng } from "../../core/seeding.js";
import { inferFixOp } from "../bugfix/infer-fix-op.js";
import { perceiveBugFix, type BugFixPerception } from "./bugfix-perception.js";
import { untriedFixOps } from "./untried-fix-ops.js";

/** Probability that hasty's op choice follows the keyword rule (`inferFixOp`) when it has the code. */
export const HASTY_RULE_PROBABILITY = 0.7;
/** Probability that hasty submits right after an edit instead of testing. */
export const HASTY_SKIP_TEST_PROBABILITY = 0.5;

/** Hasty's choice of op: the keyword rule's op with probability 0.7 if still untried, else another untried fix op; a guess without code. */
function chooseOp(perception: BugFixPerception, random: Rng): FixOpName | null {
  const untried = untriedFixOps(perception.spentOps);
  if (untried.length === 0) return null;
  if (perception.code === null) return random.pick(untried);
  const ruled = inferFixOp(perception.code);
  const others = untried.filter((op) => op !== ruled);
  if (untried.includes(ruled) && (others.length === 0 || random.chance(HASTY_RULE_PROBABILITY))) return ruled;
  return others.length > 0 ? random.pick(others) : ruled;
}

/**
 * The hasty persona (stochastic, seeded by the episode's rng): it reads once, picks the op
 * `inferFixOp` gives with probability 0.7 (else another fix op), and after each edit
 * submits at once with probability 0.5, else tests. When a test shows a failure it tries
 * another untried op; a passing or unreadable test report leads to submit.
 *
 * It decides only from what it saw: when the read output shows no complete code (masked
 * or truncated) it guesses an op; an edit reported as applied in an observation (e.g. by a
 * Setup) counts as its own; a submit that did not end the episode (refused) makes it test.
 * Its weakness: it often submits without verifying.
 */
export function createHastyPolicy(): Policy {
  let initialText: string | null = null;
  return {
    name: "hasty",
    act(input: PolicyInput) {
      initialText ??= input.observation.text;
      const perception = perceiveBugFix(initialText, input.history);
      const last = perception.calls.at(-1) ?? null;
      if (last?.tool === "submit") return formatCall("test");
      if (!perception.edited && perception.code === null && perception.reads === 0) return formatCall("read");
      const editNext = !perception.edited || (perception.testedSinceEdit && perception.lastTest === "fail");
      if (editNext) {
        const op = chooseOp(perception, input.random);
        return op === null ? formatCall("submit") : formatCall("edit", op);
      }
      if (!perception.testedSinceEdit && last?.tool === "edit" && input.random.chance(HASTY_SKIP_TEST_PROBABILITY))
        return formatCall("submit");
      if (!perception.testedSinceEdit) return formatCall("test");
      return formatCall("submit");
    },
  };
}
