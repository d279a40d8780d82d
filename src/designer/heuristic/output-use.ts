import { stableStringify } from "../../core/json.js";
import type { DesignContext } from "../designer.js";
import { actionRefused } from "../../core/step-result.js";

/** What the baseline says about whether the policy acts on a tool's answers. */
export interface OutputUse {
  /**
   * `reads`: two answers to the same calls so far were followed by different next actions;
   * `ignores`: answers differed after the same calls at least `MINIMUM_INFORMATIVE` times and
   * the next action was the same every time; `unknown`: the answers never differed after the same calls
   * (a deterministic env shows the policy one answer per history, so its use cannot be seen).
   */
  verdict: "reads" | "ignores" | "unknown";
  /** Histories (the calls up to and including one of the tool) after which the tool's answers differed. */
  informative: number;
}

/** Informative histories needed before "the policy ignores this tool's answers" is called. */
export const MINIMUM_INFORMATIVE = 3;

/**
 * Whether the policy's next action depends on the answers of `tool`, read off the baseline
 * trajectories alone: group the accepted calls of `tool` by the calls made up to and
 * including them (the policy's own history), and compare, within each group, the answers
 * (text and data) with the action that followed. A policy that reads the answer acts
 * differently on different answers somewhere; one that follows a plan does not. Groups
 * whose answers never differ say nothing.
 */
export function outputUse(context: DesignContext, tool: string): OutputUse {
  const groups = new Map<string, Array<{ answer: string; next: string }>>();
  for (const trajectory of context.baseline.trajectories) {
    const calls: string[] = [];
    trajectory.steps.forEach((step, index) => {
      calls.push(stableStringify(step.parsedAction ?? step.policyAction));
      const refused = actionRefused(step.info);
      const following = trajectory.steps[index + 1];
      if (step.parsedAction?.name !== tool || step.envAction === null || refused || !following) return;
      const key = calls.join("\n");
      const entries = groups.get(key) ?? [];
      entries.push({
        answer: stableStringify({ text: step.observation.text, data: step.observation.data ?? null }),
        next: stableStringify(following.parsedAction ?? following.policyAction),
      });
      groups.set(key, entries);
    });
  }
  let informative = 0;
  let unmoved = 0;
  for (const entries of groups.values()) {
    const answers = new Set(entries.map((entry) => entry.answer));
    if (answers.size < 2) continue;
    informative += 1;
    // Different next actions after different answers (the same answer followed by different
    // actions is the policy's own randomness, not reading).
    const nextByAnswer = new Map<string, Set<string>>();
    for (const entry of entries)
      nextByAnswer.set(entry.answer, (nextByAnswer.get(entry.answer) ?? new Set()).add(entry.next));
    const all = new Set(entries.map((entry) => entry.next));
    const perAnswer = [...nextByAnswer.values()];
    if (all.size > 1 && perAnswer.some((next) => next.size < all.size)) return { verdict: "reads", informative };
    if (all.size === 1) unmoved += 1;
  }
  return {
    verdict: informative >= MINIMUM_INFORMATIVE && unmoved === informative ? "ignores" : "unknown",
    informative,
  };
}
