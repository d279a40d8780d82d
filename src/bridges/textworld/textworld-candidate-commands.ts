import type { Action } from "../../core/action.js";
import { type GameVocabulary, isOfType } from "./game-vocabulary.js";

/** At most this many candidate commands after one observation. */
export const MAX_CANDIDATE_COMMANDS = 96;

const MOVES = ["go north", "go south", "go east", "go west"];

/**
 * The commands worth considering after an observation, from the game itself: its parser's
 * command templates (`take {o} from {c}`) with each hole filled by the things of that type
 * the observation names (the things in view, or just mentioned), the four moves, `look` and
 * `inventory` — as `command(text)` calls, in template order, at most
 * {@link MAX_CANDIDATE_COMMANDS}. Reads only the text the agent sees and the game's vocabulary.
 */
export function textworldCandidateCommands(vocabulary: GameVocabulary, text: string): Action[] {
  const lower = text.toLowerCase();
  const inView = vocabulary.entities.filter((entity) => lower.includes(entity.name.toLowerCase()));
  const commands = new Set<string>(["look", "inventory", ...MOVES]);
  for (const template of vocabulary.commandTemplates) {
    const holes = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
    if (holes.length === 0 || holes.length > 2) continue;
    let fillings: string[][] = [[]];
    for (const hole of holes) {
      const names = inView.filter((entity) => isOfType(vocabulary, entity.type, hole)).map((entity) => entity.name);
      fillings = fillings.flatMap((filled) =>
        names.filter((name) => !filled.includes(name)).map((name) => [...filled, name]),
      );
    }
    for (const filled of fillings) {
      let index = 0;
      commands.add(template.replace(/\{\w+\}/g, () => filled[index++] ?? ""));
      if (commands.size >= MAX_CANDIDATE_COMMANDS) break;
    }
    if (commands.size >= MAX_CANDIDATE_COMMANDS) break;
  }
  return [...commands].map((command) => ({ name: "command", args: { text: command } }));
}
