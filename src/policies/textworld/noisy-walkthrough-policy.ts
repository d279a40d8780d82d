import type { ActionInput } from "../../core/action.js";
import type { Policy, PolicyInput } from "../../core/policy.js";
import { identifyGame } from "./identify-game.js";
import { inverseCommand } from "./inverse-command.js";
import { looksRefused } from "./looks-refused.js";
import { plausibleWrongCommand } from "./plausible-wrong-command.js";
import { loadWalkthroughBook, type WalkthroughBookEntry } from "./walkthrough-book.js";

/**
 * `noisy-walkthrough(p)`: plays the recorded solution of the game it recognises, but at each
 * solution step, with probability `p` (seeded rng), types a plausible wrong command instead
 * (see {@link plausibleWrongCommand}). It then recovers: when the slip has an obvious inverse
 * (`go west` → `go east`, `close X` → `open X`, `drop X` → `take X` …) and the game did not
 * refuse it, the next turn undoes it; then it re-issues the solution step it still owes.
 * Slips without an inverse (`eat carrot`) may spoil the game — which is the point.
 *
 * It recognises the game from what it observed (see `identifyGame`: the opening text
 * against the markers of the public game metadata it carries), never from the task id; a
 * game it cannot recognise gets `look` every turn. With `p = 0` it is `walkthrough`.
 */
export function createNoisyWalkthroughPolicy(noise: number, name = `noisy-walkthrough:${noise}`): Policy {
  let page: WalkthroughBookEntry | null = null;
  let position = 0;
  let slip: string | null = null;
  return {
    name,
    async act(input: PolicyInput): Promise<ActionInput> {
      if (input.history.length === 0) {
        page = null;
        position = 0;
        slip = null;
      }
      if (page === null) {
        const seen = [...input.history.map((entry) => entry.observation.text), input.observation.text].join("\n");
        page = identifyGame(await loadWalkthroughBook(), seen);
        if (page === null) return "look";
      }
      if (slip !== null) {
        const undo = looksRefused(input.observation.text) ? null : inverseCommand(slip);
        slip = null;
        if (undo !== null) return undo;
      }
      const needed = page.commands[position];
      if (needed === undefined) return "look";
      if (noise > 0 && input.random.chance(noise)) {
        slip = plausibleWrongCommand(page.vocabulary, needed, input.random);
        return slip;
      }
      position += 1;
      return needed;
    },
  };
}
