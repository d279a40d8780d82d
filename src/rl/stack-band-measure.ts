import type { Target } from "../designer/target.js";
import { successPosterior } from "../rigger/band-posterior.js";
import type { UpdateStats } from "./grpo-update.js";

/** The confidence at which a kept stack's training groups are said to lie outside the band. */
export const STACK_BAND_CONFIDENCE = 0.9;

/**
 * What the learner's own training groups say about each task's stack since it was accepted:
 * pooled successes over the groups that ran on it from update `since` on. A stack is still
 * in the band unless the posterior of that pooled rate lies below or above the band at
 * {@link STACK_BAND_CONFIDENCE} (no group measured yet: still in band).
 */
export class StackBandMeasure {
  private readonly groups = new Map<string, Array<{ update: number; successes: number; episodes: number }>>();

  /** Record an update's groups that ran on a stack. */
  observe(stats: UpdateStats): void {
    for (const group of stats.taskGroups ?? []) {
      if (!group.stacked) continue;
      const list = this.groups.get(group.taskId) ?? [];
      list.push({ update: stats.update, successes: group.successes, episodes: group.episodes });
      this.groups.set(group.taskId, list);
    }
  }

  /** The pooled count of a task's groups in updates [since, until). */
  pooled(taskId: string, since: number, until: number): { successes: number; episodes: number } {
    let successes = 0;
    let episodes = 0;
    for (const group of this.groups.get(taskId) ?? []) {
      if (group.update < since || group.update >= until) continue;
      successes += group.successes;
      episodes += group.episodes;
    }
    return { successes, episodes };
  }

  /** Whether a task's stack, accepted at update `since`, still measures inside the target's success band before `until`. */
  inBand(taskId: string, target: Target, since: number, until: number): boolean {
    if (!target.successBand) return true;
    const { successes, episodes } = this.pooled(taskId, since, until);
    if (episodes === 0) return true;
    const posterior = successPosterior(successes, episodes, target.successBand);
    return posterior.below < STACK_BAND_CONFIDENCE && posterior.above < STACK_BAND_CONFIDENCE;
  }
}
