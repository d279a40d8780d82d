import { episodeSwitch, literal, roundMagnitude } from "./rules-snippets.js";

/**
 * A Rules source that, in a fraction `probability` of episodes (decided once, at reset),
 * replaces the start observation with `text` — used on top of a Setup to hide what the
 * replay showed (a silent perturbation, or a scaffold given to only part of the episodes).
 */
export function resetObservationRules(text: string, probability: number): string {
  return `// Replace the start observation with the task's instruction in ${roundMagnitude(probability * 100)}% of episodes.
export default defineRules({
  filterObservation(observation, context) {
    if (context.memory.started === true) return undefined;
    context.memory.started = true;
    ${episodeSwitch("hidden", probability)}
    if (context.memory.hidden !== true) return undefined;
    return { text: ${literal(text)} };
  },
});
`;
}
