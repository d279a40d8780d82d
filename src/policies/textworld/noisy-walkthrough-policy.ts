import type { ActionInput } from "../../core/action.js";
import type { Policy, PolicyInput } from "../../core/policy.js";
import { identifyGame } from "./identify-game.js";
import { plausibleWrongCommand } from "./plausible-wrong-command.js";
import { loadWalkthroughBook, type WalkthroughBookEntry } from "./walkthrough-book.js";

/**
 * `noisy-walkthrough(p)`: plays the recorded solution of the game it recognises, but at each
 * step, with probability `p` (seeded rng), types a plausible wrong command instead, built
 * from the game's vocabulary around the things in view (see {@link plausibleWrongCommand}:
 * `examine note`, `go west`, `close wooden door`, `eat carrot` …). It recovers the way a distracted player does: it keeps its place in the
 * solution and types the step it still owes on a later turn. It does not undo what a slip
 * changed — most slips change nothing (the game refuses them), but one that walks it out of
 * the room, closes a door or eats the carrot spoils the rest; so success falls with `p` and
 * with the length of the solution, and every slip costs a turn of the budget.
 *
 * It recognises the game from what it observed (see `identifyGame`: the opening text
 * against the markers of the public game metadata it carries), never from the task id; a
 * game it cannot recognise gets `look` every turn. With `p = 0` it is `walkthrough`.
 */
export function createNoisyWalkthroughPolicy(noise: number, name = `noisy-walkthrough:${noise}`): Policy {
  let page: WalkthroughBookEntry | null = null;
  let position = 0;
  return {
    name,
    async act(input: PolicyInput): Promise<ActionInput> {
      if (input.history.length === 0) {
        page = null;
        position = 0;
      }
      if (page === null) {
        const seen = [...input.history.map((entry) => entry.observation.text), input.observation.text].join("\n");
        page = identifyGame(await loadWalkthroughBook(), seen);
        if (page === null) return "look";
      }
      const needed = page.commands[position];
      if (needed === undefined) return "look";
      if (noise > 0 && input.random.chance(noise))
        return plausibleWrongCommand(page.vocabulary, needed, input.random, `${input.observation.text}\n${needed}`);
      position += 1;
      return needed;
    },
  };
}
