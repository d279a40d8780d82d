import { formatAction } from "../core/action.js";
import type { Trajectory } from "../core/trajectory.js";
import type { ToolRoles } from "../analysis/tool-roles.js";
import { trajectoryCalls } from "../analysis/trajectory-calls.js";
import { isSuccess } from "../rollout/summarize.js";
import { fisherExactTest } from "./fisher-exact-test.js";

/** Thresholds of {@link mineActionCues} (the miner's own). */
export interface ActionCueThresholds {
  alpha: number;
  minimumDifference: number;
  minimumPerSide: number;
}

/**
 * One observation cue and the change that solved the task after it: among episodes whose
 * last information output showed `cue`, how those whose final change was `action` fared
 * against those whose final change was another.
 */
export interface ActionCue {
  cue: string;
  /** The final change, formatted (`edit(op="swap_minmax")`). */
  action: string;
  /** The information tool(s) whose output held the cue. */
  informationTools: string[];
  withAction: { successes: number; episodes: number };
  withOther: { successes: number; episodes: number };
  pValue: number;
  taskIds: string[];
}

/** What one episode offers: the final change that ran, and the words of the last information output before it. */
interface CueEpisode {
  trajectory: Trajectory;
  action: string;
  tokens: Set<string>;
}

/** Cue candidates: whitespace-separated tokens, as an observation shows them (code tokens such as `min` or `*=` included). */
function tokensOf(text: string): Set<string> {
  return new Set(text.split(/\s+/).filter((token) => token.length > 0 && token.length <= 40));
}

function cueEpisode(trajectory: Trajectory, roles: ToolRoles): CueEpisode | null {
  const calls = trajectoryCalls(trajectory, roles);
  let change = -1;
  calls.forEach((call, index) => {
    if (call.role === "other" && !call.blocked && !call.refused) change = index;
  });
  if (change < 0) return null;
  const parsed = trajectory.steps[change]?.parsedAction;
  if (!parsed) return null;
  const evidence = calls
    .slice(0, change)
    .reverse()
    .find((call) => call.role === "information" && !call.blocked && !call.refused);
  if (!evidence) return null;
  return { trajectory, action: formatAction(parsed), tokens: tokensOf(evidence.observation) };
}

/**
 * Which observation evidence precedes the change that solved the task: for every final
 * change that solved episodes of at least two tasks, the token of the last information
 * output before it that best marks it (present before most of its successes, rarely before
 * other successful changes, seen in at least two tasks — never one task's own names), and
 * whether making that change after seeing the cue went with success: success of the
 * episodes that saw the cue and made that final change vs those that saw it and made
 * another, kept under the same thresholds as the habits (both sides ≥ `minimumPerSide`,
 * difference ≥ `minimumDifference`, Fisher p ≤ `alpha`).
 */
export function mineActionCues(
  trajectories: readonly Trajectory[],
  roles: ToolRoles,
  thresholds: ActionCueThresholds,
): ActionCue[] {
  if (roles.named("information").length === 0) return [];
  const episodes = trajectories
    .map((trajectory) => cueEpisode(trajectory, roles))
    .filter((episode): episode is CueEpisode => episode !== null);
  const solved = episodes.filter((episode) => isSuccess(episode.trajectory));
  const actions = [...new Set(solved.map((episode) => episode.action))].sort();
  const cues: ActionCue[] = [];
  for (const action of actions) {
    const solvedBy = solved.filter((episode) => episode.action === action);
    if (
      solvedBy.length < thresholds.minimumPerSide ||
      new Set(solvedBy.map((episode) => episode.trajectory.taskId)).size < 2
    )
      continue;
    let best: { token: string; coverage: number; precision: number } | null = null;
    for (const token of new Set(solvedBy.flatMap((episode) => [...episode.tokens]))) {
      const showing = solved.filter((episode) => episode.tokens.has(token));
      if (new Set(showing.map((episode) => episode.trajectory.taskId)).size < 2) continue;
      const coverage = solvedBy.filter((episode) => episode.tokens.has(token)).length / solvedBy.length;
      const precision = showing.filter((episode) => episode.action === action).length / showing.length;
      if (coverage < 0.5 || precision < 0.9) continue;
      if (
        best === null ||
        coverage > best.coverage ||
        (coverage === best.coverage && precision > best.precision) ||
        (coverage === best.coverage && precision === best.precision && token < best.token)
      )
        best = { token, coverage, precision };
    }
    if (best === null) continue;
    const cued = episodes.filter((episode) => episode.tokens.has((best as { token: string }).token));
    const withAction = cued.filter((episode) => episode.action === action);
    const withOther = cued.filter((episode) => episode.action !== action);
    const count = (list: CueEpisode[]) => ({
      successes: list.filter((episode) => isSuccess(episode.trajectory)).length,
      episodes: list.length,
    });
    const left = count(withAction);
    const right = count(withOther);
    if (left.episodes < thresholds.minimumPerSide || right.episodes < thresholds.minimumPerSide) continue;
    const difference = left.successes / left.episodes - right.successes / right.episodes;
    const pValue = fisherExactTest(
      left.successes,
      left.episodes - left.successes,
      right.successes,
      right.episodes - right.successes,
    );
    if (difference < thresholds.minimumDifference || pValue > thresholds.alpha) continue;
    cues.push({
      cue: best.token,
      action,
      informationTools: roles.named("information"),
      withAction: left,
      withOther: right,
      pValue,
      taskIds: [...new Set(cued.map((episode) => episode.trajectory.taskId))],
    });
  }
  return cues;
}
