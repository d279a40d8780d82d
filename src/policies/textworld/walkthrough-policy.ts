import type { Policy } from "../../core/policy.js";
import { createNoisyWalkthroughPolicy } from "./noisy-walkthrough-policy.js";

/**
 * `walkthrough`: plays the recorded solution of the game it recognises from its opening text
 * (TextWorld's `metadata.walkthrough`, or the Zork I route, carried as public game metadata;
 * see `walkthrough-book.ts`), one command per turn, then `look`. It assumes it starts at the
 * game's beginning; a game it cannot recognise gets `look` every turn.
 */
export function createWalkthroughPolicy(): Policy {
  return createNoisyWalkthroughPolicy(0, "walkthrough");
}
