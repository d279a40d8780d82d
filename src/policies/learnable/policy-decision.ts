/**
 * One decision of a learnable policy, as the trainer needs it to compute the gradient of
 * the chosen action's log-probability: the context features and candidate actions (as
 * hashes), the probabilities the policy sampled from and the index it chose.
 */
export interface PolicyDecision {
  features: number[];
  actions: number[];
  probabilities: number[];
  chosen: number;
}

/** The key of an episode in decision records: task id and episode seed (what the trajectory records too). */
export function episodeKey(taskId: string, seed: number): string {
  return `${taskId}#${seed}`;
}
