import type { Action } from "../../core/action.js";
import type { ToolSpec } from "../../core/tool-spec.js";
import type { CandidateLayer } from "../candidate.js";
import type { DesignContext } from "../designer.js";
import { literal } from "./rules-snippets.js";
import { shortcutActions } from "./shortcut-actions.js";
import type { TaskRewardEvidence } from "./rewarded-failure.js";
import { ToolRoles } from "../../analysis/tool-roles.js";

/** The name of the guard's Rules layer. */
export const REWARD_SHORTCUT_GUARD = "close-reward-shortcut";

function matches(action: Action): string {
  const conditions = [`action.name === ${literal(action.name)}`];
  for (const [key, value] of Object.entries(action.args))
    conditions.push(`JSON.stringify(action.args[${literal(key)}]) === ${literal(JSON.stringify(value))}`);
  return conditions.join(" && ");
}

/**
 * A Rules layer that closes a reward shortcut: when the baseline (or an earlier attempt's
 * validation) shows rewarded failures — episodes the reward paid while the verifier failed
 * them — the state-changing action that marks them (see `shortcutActions`) is refused
 * before it reaches the env, and so is every later call of that episode: making the call
 * forfeits the episode. A refusal alone would cost the learner one turn, so a policy could
 * keep the call as a harmless habit where it is refused and cash it in wherever it is not
 * (measured: the co-evolved arm's policy made it in 31 of 50 held-out episodes after every
 * training task had been guarded by refusal alone). Only actions are filtered; reward,
 * termination and the verdict stay the env's. Null when the data shows no shortcut.
 */
export function rewardShortcutGuard(context: DesignContext): CandidateLayer | null {
  return shortcutGuardLayer([designEvidence(context)], context.tools);
}

/** What the designer has seen of this task: the baseline, the episodes each attempt kept and the demonstrations. */
function designEvidence(context: DesignContext): TaskRewardEvidence {
  return {
    trajectories: [
      ...context.baseline.trajectories,
      ...context.attempts.flatMap((attempt) => attempt.trajectories ?? []),
    ],
    demonstrations: context.demonstrations ?? [],
  };
}

/**
 * The calls {@link rewardShortcutGuard}'s Rules layer refuses in this context (empty when it
 * writes none). Layers above the Rules layer that rewrite the policy's calls leave these
 * alone, so a refused call is refused whatever else the stack does.
 */
export function refusedShortcutCalls(context: DesignContext): Action[] {
  // A template built outside a design loop (tests, tools) may get an empty context: no data, no shortcut.
  if (context.baseline === undefined || context.tools === undefined) return [];
  return shortcutActions([designEvidence(context)], new ToolRoles(context.tools))
    .slice(0, 1)
    .map((found) => found.action);
}

/**
 * The Rules layer of {@link rewardShortcutGuard} from the observed episodes of one or more
 * tasks (for example everything a rig run saw), each task judged on its own rewards: null
 * when they show no rewarded failure or no call that marks them. Reads per-episode reward,
 * the verdict, the stack and the calls that reached the env.
 */
export function shortcutGuardLayer(
  tasks: readonly TaskRewardEvidence[],
  tools: readonly ToolSpec[],
): CandidateLayer | null {
  const found = shortcutActions(tasks, new ToolRoles(tools))[0];
  if (!found) return null;
  const share = `${Math.round(found.rewardedFailureShare * found.rewardedFailures)} of ${found.rewardedFailures} rewarded failures and ${Math.round(found.otherShare * found.others)} of ${found.others} comparison episodes`;
  const source = `// Closes a reward shortcut: this call was in ${share}. The reward is untouched; the call never reaches the env,
// and an episode that made it is over: every later call is refused too, so it ends unpaid by the shortcut.
export default defineRules({
  filterAction(action, context) {
    if (context.memory.forfeited === true) {
      return { block: "refused: this episode ended when a call that is not available was made." };
    }
    if (${matches(found.action)}) {
      context.memory.forfeited = true;
      return { block: "refused: this call is not available in this environment; the episode is over." };
    }
    return undefined;
  },
});
`;
  return { kind: "rules", name: REWARD_SHORTCUT_GUARD, source };
}
