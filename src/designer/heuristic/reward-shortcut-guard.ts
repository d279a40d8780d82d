import type { Action } from "../../core/action.js";
import type { ToolSpec } from "../../core/tool-spec.js";
import type { Trajectory } from "../../core/trajectory.js";
import type { CandidateLayer } from "../candidate.js";
import type { DesignContext } from "../designer.js";
import { literal } from "./rules-snippets.js";
import { shortcutActions } from "./shortcut-actions.js";
import { ToolRoles } from "./tool-roles.js";

/** The name of the guard's Rules layer. */
export const REWARD_SHORTCUT_GUARD = "close-reward-shortcut";

function matches(action: Action): string {
  const conditions = [`action.name === ${literal(action.name)}`];
  for (const [key, value] of Object.entries(action.args)) conditions.push(`JSON.stringify(action.args[${literal(key)}]) === ${literal(JSON.stringify(value))}`);
  return conditions.join(" && ");
}

/**
 * A Contract that closes a reward shortcut: when the baseline (or an earlier attempt's
 * validation) shows rewarded failures — episodes the reward paid while the verifier failed
 * them — the state-changing action that marks them (see `shortcutActions`) is refused
 * before it reaches the env. Only the action is filtered; reward, termination and the
 * verdict stay the env's. Null when the data shows no shortcut.
 */
export function rewardShortcutGuard(context: DesignContext): CandidateLayer | null {
  return shortcutGuardLayer([...context.baseline.trajectories, ...context.attempts.flatMap((attempt) => attempt.trajectories ?? [])], context.tools);
}

/**
 * The Contract of {@link rewardShortcutGuard} from any observed episodes of one task (for
 * example everything a rig run saw): null when they show no rewarded failure or no call
 * that marks them. Reads per-episode reward, the verdict and the calls that reached the env.
 */
export function shortcutGuardLayer(trajectories: readonly Trajectory[], tools: readonly ToolSpec[]): CandidateLayer | null {
  const found = shortcutActions(trajectories, new ToolRoles(tools))[0];
  if (!found) return null;
  const share = `${Math.round(found.rewardedFailureShare * found.rewardedFailures)} of ${found.rewardedFailures} rewarded failures and ${Math.round(found.otherShare * found.others)} of ${found.others} comparison episodes`;
  const source = `// Closes a reward shortcut: this call was in ${share}. The reward is untouched; the call never reaches the env.
export default defineRules({
  filterAction(action) {
    if (${matches(found.action)}) {
      return { block: "refused: this call is not available in this environment; solve the task itself." };
    }
    return undefined;
  },
});
`;
  return { kind: "rules", name: REWARD_SHORTCUT_GUARD, source };
}
