import type { ToolSpec } from "../core/tool-spec.js";
import type { Trajectory } from "../core/trajectory.js";
import { ToolRoles } from "../analysis/tool-roles.js";
import { trajectoryCalls } from "../analysis/trajectory-calls.js";
import { isSuccess } from "../rollout/summarize.js";
import { fisherExactTest } from "./fisher-exact-test.js";
import { mineActionCues, type ActionCue } from "./mine-action-cues.js";
import { storeMemoryItem, type HabitCounts, type StoredMemoryItem } from "./memory-item.js";
import type { TrajectoryHabit } from "./trajectory-habit.js";
import { trajectoryHabits } from "./trajectory-habits.js";

/** Options of {@link mineSkills}. */
export interface MineSkillsOptions {
  envId: string;
  /** The env's tools (their roles decide which habits apply and how items name tools). */
  tools: readonly ToolSpec[];
  trajectories: readonly Trajectory[];
  /** The stack a trajectory ran on, for provenance: a candidate id or `original` (default `original`). */
  stackOf?: (trajectory: Trajectory) => string;
  /** Largest two-sided Fisher p-value an item may have. Default 0.01. */
  alpha?: number;
  /** Smallest difference between the habit's rate among successes and among failures. Default 0.25. */
  minimumDifference?: number;
  /** Fewest successes and fewest failures the habit must be counted on. Default 5. */
  minimumPerSide?: number;
  /** The habits counted (default {@link trajectoryHabits}). */
  habits?: readonly TrajectoryHabit[];
}

/** What the miner counted for one habit, whether or not it became an item. */
export interface HabitContrast {
  habit: string;
  phrase: string;
  counts: HabitCounts;
  /** Rate among successes minus rate among failures. */
  difference: number;
  /** Why it became an item or not: `item`, `not-applicable`, `too-few`, `not-significant`, `too-small`. */
  verdict: "item" | "not-applicable" | "too-few" | "not-significant" | "too-small";
}

/** The mined items and every contrast behind them. */
export interface MinedSkills {
  items: StoredMemoryItem[];
  contrasts: HabitContrast[];
  /** Tasks whose trajectories hold both outcomes (only those are contrasted). */
  contrastedTasks: string[];
  /** Trajectories of those tasks. */
  episodes: number;
}

/** The decision rule's weakness criterion (docs/designer-and-decision-rule.md, step 5). */
const DECISIVE_MINIMUM_SIDE = 3;
const DECISIVE_FAILING_SUCCESS = 0.2;
const DECISIVE_SUCCEEDING_SUCCESS = 0.5;

function ratio(part: number, whole: number): number {
  return whole === 0 ? 0 : part / whole;
}

/** Success with and without the habit, and whether it is decisive (the decision rule's weakness criterion). */
function outcomeByHabit(counts: HabitCounts): Pick<HabitCounts, "successWith" | "successWithout" | "decisive"> {
  const showing = counts.successesShowing + counts.failuresShowing;
  const others = counts.successes + counts.failures - showing;
  const successWith = showing === 0 ? null : counts.successesShowing / showing;
  const successWithout = others === 0 ? null : (counts.successes - counts.successesShowing) / others;
  if (
    successWith === null ||
    successWithout === null ||
    showing < DECISIVE_MINIMUM_SIDE ||
    others < DECISIVE_MINIMUM_SIDE
  )
    return { successWith, successWithout, decisive: false };
  const [bad, good] = successWith >= successWithout ? [successWithout, successWith] : [successWith, successWithout];
  return {
    successWith,
    successWithout,
    decisive: bad <= DECISIVE_FAILING_SUCCESS && good >= DECISIVE_SUCCEEDING_SUCCESS,
  };
}

function percent(rate: number | null): string {
  return rate === null ? "n/a" : `${Math.round(rate * 100)}%`;
}

function formatP(p: number): string {
  return p < 0.0001 ? p.toExponential(1) : p.toFixed(4);
}

/**
 * The offline extractor: contrast successful and failed trajectories of the same tasks and
 * keep, as memory items with their evidence, the habits that separate them. Only tasks with
 * both outcomes are contrasted (a task every episode solves, or none, says nothing about
 * what decides success). For each habit (generic over envs: tool roles as the heuristic
 * designer infers them) it counts how many successes and how many failures show it; a
 * habit becomes an item when both sides have at least `minimumPerSide` episodes, the rates
 * differ by at least `minimumDifference` and a two-sided Fisher exact test gives
 * p ≤ `alpha` — worded as a strategy (status `success`) when it goes with success, as a
 * lesson (status `failure`) when it goes with failure. Items never name task ids or hidden
 * data: they name tools and counts only.
 */
export function mineSkills(options: MineSkillsOptions): MinedSkills {
  const alpha = options.alpha ?? 0.01;
  const minimumDifference = options.minimumDifference ?? 0.25;
  const minimumPerSide = options.minimumPerSide ?? 5;
  const roles = new ToolRoles([...options.tools]);
  const byTask = new Map<string, Trajectory[]>();
  for (const trajectory of options.trajectories)
    byTask.set(trajectory.taskId, [...(byTask.get(trajectory.taskId) ?? []), trajectory]);
  const contrastedTasks = [...byTask.entries()]
    .filter(([, episodes]) => episodes.some(isSuccess) && !episodes.every(isSuccess))
    .map(([taskId]) => taskId);
  const contrasted = contrastedTasks.flatMap((taskId) => byTask.get(taskId) as Trajectory[]);
  const calls = contrasted.map((trajectory) => trajectoryCalls(trajectory, roles));
  const stackOf = options.stackOf ?? (() => "original");
  const items: StoredMemoryItem[] = [];
  const contrasts: HabitContrast[] = [];
  for (const habit of options.habits ?? trajectoryHabits) {
    const counts: HabitCounts = {
      successesShowing: 0,
      successes: 0,
      failuresShowing: 0,
      failures: 0,
      pValue: 1,
      successWith: null,
      successWithout: null,
      decisive: false,
    };
    const applicable = habit.applies(roles);
    const counted: Trajectory[] = [];
    if (applicable) {
      contrasted.forEach((trajectory, index) => {
        const shows = habit.shows(calls[index] as ReturnType<typeof trajectoryCalls>, trajectory);
        if (shows === null) return;
        counted.push(trajectory);
        if (isSuccess(trajectory)) {
          counts.successes += 1;
          if (shows) counts.successesShowing += 1;
        } else {
          counts.failures += 1;
          if (shows) counts.failuresShowing += 1;
        }
      });
      counts.pValue = fisherExactTest(
        counts.successesShowing,
        counts.failuresShowing,
        counts.successes - counts.successesShowing,
        counts.failures - counts.failuresShowing,
      );
      Object.assign(counts, outcomeByHabit(counts));
    }
    const difference =
      ratio(counts.successesShowing, counts.successes) - ratio(counts.failuresShowing, counts.failures);
    const verdict: HabitContrast["verdict"] = !applicable
      ? "not-applicable"
      : counts.successes < minimumPerSide || counts.failures < minimumPerSide
        ? "too-few"
        : Math.abs(difference) < minimumDifference
          ? "too-small"
          : counts.pValue > alpha
            ? "not-significant"
            : "item";
    const phrase = habit.phrase(roles);
    contrasts.push({ habit: habit.id, phrase, counts, difference, verdict });
    if (verdict !== "item") continue;
    const helps = difference > 0;
    const taskIds = [...new Set(counted.map((trajectory) => trajectory.taskId))];
    const stacks = [...new Set(counted.map(stackOf))];
    const evidence =
      `${phrase}: ${counts.successesShowing}/${counts.successes} successes vs ${counts.failuresShowing}/${counts.failures} failures; ` +
      `success ${percent(counts.successWith)} with it vs ${percent(counts.successWithout)} without${counts.decisive ? " (decisive)" : ""} ` +
      `(two-sided Fisher p = ${formatP(counts.pValue)}; ${taskIds.length} tasks with both outcomes)`;
    items.push(
      storeMemoryItem(helps ? habit.whenHelps(roles) : habit.whenHurts(roles), {
        envId: options.envId,
        taskIds,
        stacks,
        status: helps ? "success" : "failure",
        source: "mined",
        evidence,
        extractor: "mined",
        counts,
      }),
    );
  }
  for (const cue of mineActionCues(options.trajectories, roles, { alpha, minimumDifference, minimumPerSide })) {
    const { contrast, item } = cueItem(cue, options, stackOf);
    contrasts.push(contrast);
    items.push(item);
  }
  return { items, contrasts, contrastedTasks, episodes: contrasted.length };
}

/** An observation cue as a contrast row and an item. */
function cueItem(
  cue: ActionCue,
  options: MineSkillsOptions,
  stackOf: (trajectory: Trajectory) => string,
): { contrast: HabitContrast; item: StoredMemoryItem } {
  const tool = cue.informationTools.join("/");
  const counts: HabitCounts = {
    successesShowing: cue.withAction.successes,
    successes: cue.withAction.successes + cue.withOther.successes,
    failuresShowing: cue.withAction.episodes - cue.withAction.successes,
    failures: cue.withAction.episodes - cue.withAction.successes + cue.withOther.episodes - cue.withOther.successes,
    pValue: cue.pValue,
    successWith: null,
    successWithout: null,
    decisive: false,
  };
  Object.assign(counts, outcomeByHabit(counts));
  const phrase = `made the final change ${cue.action} after ${tool} showed “${cue.cue}”`;
  const difference = ratio(counts.successesShowing, counts.successes) - ratio(counts.failuresShowing, counts.failures);
  const stacks = [
    ...new Set(options.trajectories.filter((trajectory) => cue.taskIds.includes(trajectory.taskId)).map(stackOf)),
  ];
  const evidence =
    `${phrase}: ${cue.withAction.successes}/${cue.withAction.episodes} of those episodes succeeded vs ${cue.withOther.successes}/${cue.withOther.episodes} that saw it and made another final change` +
    `${counts.decisive ? " (decisive)" : ""} (two-sided Fisher p = ${formatP(cue.pValue)}; ${cue.taskIds.length} tasks)`;
  const item = storeMemoryItem(
    {
      title: `When ${tool} shows “${cue.cue}”, make the change ${cue.action}`,
      description: `When the output of ${tool} contains “${cue.cue}”.`,
      content: `Make the change ${cue.action}: it is the change that solved episodes whose ${tool} output showed “${cue.cue}”; other changes made after that cue failed more often.`,
    },
    {
      envId: options.envId,
      taskIds: cue.taskIds,
      stacks,
      status: "success",
      source: "mined",
      evidence,
      extractor: "mined",
      counts,
    },
  );
  return { contrast: { habit: `cue:${cue.action}`, phrase, counts, difference, verdict: "item" }, item };
}
