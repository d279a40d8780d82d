import type { GroupTransitionResult } from "../../harness/rules-group-runtime.js";
import { applyTransitionPatch } from "../../harness/rules-hook-output-schemas.js";
import type { TransitionInput, TransitionPatch } from "../../harness/rules-runtime.js";
import { decodeGroupEntry, decodeGroupPatch, readGroupEntry, unreadableGroupAnswer } from "./group-answer.js";
import type { GroupCallOutcome } from "./interrupted-group-call.js";
import { decodeObservation } from "./rules-hook-output.js";

/** The hooks' order in the isolate's (layer, hook) marker. */
const hookIndex = { filterAction: 0, modifyTransition: 1, filterObservation: 2 } as const;

/**
 * What a group's `transitions` call did, layer by layer from `bottom` up to `top`: each
 * layer's transition patch and filtered observation, read from the isolate's entries, each
 * layer seeing the observation and `truncated` the layer below passed on; stopped at the
 * first failure, at an unreadable entry, or where the isolate died (its layer's partial
 * answer kept, later layers reported as not run).
 */
export function transitionResults(
  outcome: GroupCallOutcome,
  bottom: number,
  top: number,
  transition: TransitionInput,
): GroupTransitionResult[] {
  const layers = range(bottom, top, 1);
  const results: GroupTransitionResult[] = [];
  let observation = transition.observation;
  let truncated = transition.truncated;
  let index = 0;
  for (const layer of layers) {
    const reached = index < outcome.entries.length;
    const pair = reached ? outcome.entries[index++] : undefined;
    if (!reached && outcome.ok) {
      results.push({
        layer,
        transition: unreadableGroupAnswer("the sandbox stopped before every layer ran"),
        observation: undefined,
      });
      return results;
    }
    if (!reached && !outcome.ok && outcome.layer !== layer) {
      // Lost with the isolate (it died in a later layer): reported as not run.
      results.push({ layer, transition: undefined, observation: undefined });
      continue;
    }
    if (!reached && !outcome.ok) {
      const failure = outcome.failure;
      if (outcome.hook === hookIndex.modifyTransition) {
        results.push({ layer, transition: failure, observation: undefined });
      } else {
        const first =
          outcome.partial === undefined || outcome.partial === null
            ? undefined
            : decodeGroupPatch(readGroupEntry(outcome.partial), truncated);
        results.push({ layer, transition: first, observation: failure });
      }
      return results;
    }
    if (!Array.isArray(pair) || pair.length < 1 || pair.length > 2) {
      results.push({ layer, transition: unreadableGroupAnswer(), observation: undefined });
      return results;
    }
    const patchResult = decodeGroupPatch(readGroupEntry(pair[0]), truncated);
    if (patchResult !== undefined && !patchResult.ok) {
      results.push({ layer, transition: patchResult, observation: undefined });
      return results;
    }
    const patch: TransitionPatch = patchResult?.value ?? {};
    const patched = applyTransitionPatch(observation, patch);
    if (patch.truncated === true) truncated = true;
    const second = pair.length === 2 ? readGroupEntry(pair[1]) : undefined;
    const input = patched;
    const filtered =
      second === undefined
        ? undefined
        : decodeGroupEntry(second, (value, present) => decodeObservation(value, present, input));
    results.push({ layer, transition: patchResult, observation: filtered });
    if (filtered !== undefined && !filtered.ok) return results;
    observation = filtered === undefined ? patched : filtered.value;
  }
  if (!outcome.ok) results.push({ layer: outcome.layer, transition: outcome.failure, observation: undefined });
  return results;
}

/** Layer numbers from `from` to `to` (inclusive) in steps of `step`. */
function range(from: number, to: number, step: 1 | -1): number[] {
  const layers: number[] = [];
  for (let layer = from; step > 0 ? layer <= to : layer >= to; layer += step) layers.push(layer);
  return layers;
}
