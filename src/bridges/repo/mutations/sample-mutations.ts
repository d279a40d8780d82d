import { createRng } from "../../../core/seeding.js";
import type { SourceMutation } from "./source-mutation.js";

/**
 * Up to `limit` mutations, spread over the kinds: each kind's candidates are shuffled by
 * `seed`, then taken in turn one kind after another, so no one kind (there are many more
 * string literals than dropped branches) fills the sample.
 */
export function sampleMutations(candidates: readonly SourceMutation[], seed: number, limit: number): SourceMutation[] {
  const rng = createRng(seed);
  const byKind = new Map<string, SourceMutation[]>();
  for (const candidate of candidates) byKind.set(candidate.kind, [...(byKind.get(candidate.kind) ?? []), candidate]);
  const queues = [...byKind.keys()].sort().map((kind) => rng.shuffle(byKind.get(kind) ?? []));
  const sample: SourceMutation[] = [];
  while (sample.length < limit && queues.some((queue) => queue.length > 0)) {
    for (const queue of queues) {
      const next = queue.shift();
      if (next && sample.length < limit) sample.push(next);
    }
  }
  return sample;
}
