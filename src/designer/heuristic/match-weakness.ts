import { EnvriggerError } from "../../core/errors.js";
import type { WeaknessDetector } from "./weakness-detector.js";
import { weaknessDetectors } from "./weakness-detectors.js";

/**
 * Map a user's weakness text ("submits without running the tests", "repeats actions",
 * "runs out of turns") to a detector: a detector matches when every one of its keyword
 * patterns occurs in the text (or the text is its id); the match with the most patterns
 * wins, ties going to the registry's order. Unknown text throws `BAD_ARGUMENT` listing the
 * known weaknesses.
 */
export function matchWeakness(
  text: string,
  detectors: readonly WeaknessDetector[] = weaknessDetectors,
): WeaknessDetector {
  const normalized = text.toLowerCase().replace(/\s+/g, " ").trim();
  const byId = detectors.find((detector) => detector.id === normalized);
  if (byId) return byId;
  let best: WeaknessDetector | null = null;
  for (const detector of detectors) {
    if (!detector.patterns.every((pattern) => pattern.test(normalized))) continue;
    if (!best || detector.patterns.length > best.patterns.length) best = detector;
  }
  if (best) return best;
  throw new EnvriggerError("BAD_ARGUMENT", `no weakness detector matches "${text}"`, {
    hint: `describe one of the known weaknesses: ${detectors.map((detector) => `${detector.id} (${detector.summary})`).join("; ")}`,
  });
}
