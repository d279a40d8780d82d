/**
 * GRPO's advantages of one group of rollouts from the same snapshot: rewards minus the
 * group mean, divided by the group's standard deviation. A group whose rewards are all
 * equal carries no signal: `null` (it contributes nothing and is counted).
 */
export function groupAdvantages(rewards: readonly number[]): number[] | null {
  const mean = rewards.reduce((sum, value) => sum + value, 0) / rewards.length;
  const variance = rewards.reduce((sum, value) => sum + (value - mean) ** 2, 0) / rewards.length;
  if (variance < 1e-12) return null;
  const deviation = Math.sqrt(variance);
  return rewards.map((value) => (value - mean) / deviation);
}
