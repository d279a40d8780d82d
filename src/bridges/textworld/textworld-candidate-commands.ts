import type { Action } from "../../core/action.js";
import { type GameVocabulary, isOfType } from "./game-vocabulary.js";

/** At most this many candidate commands after one observation. */
export const MAX_CANDIDATE_COMMANDS = 96;

const MOVES = ["go north", "go south", "go east", "go west"];

/** The type of things that can be carried (`o`; food `f` and keys `k` are below it). */
const PORTABLE = "o";

/**
 * The commands worth considering after an observation, from the game itself: its parser's
 * command templates (`take {o} from {c}`) with each hole filled by the things of that type
 * the observation names (the things in view, or just mentioned) and the portable things a
 * command of this episode named (`take carrot`: the player may be carrying it, out of view,
 * also after a Setup replayed the commands), the four moves, `look` and `inventory` — as
 * `command(text)` calls, in template order, at most {@link MAX_CANDIDATE_COMMANDS}. Reads only
 * the text the agent sees, the episode's commands and the game's vocabulary.
 */
export function textworldCandidateCommands(
  vocabulary: GameVocabulary,
  text: string,
  played: readonly string[] = [],
): Action[] {
  const lower = text.toLowerCase();
  const commands = played.map((command) => ` ${command.toLowerCase()} `);
  const named = (name: string) => commands.some((command) => command.includes(` ${name.toLowerCase()} `));
  const inView = vocabulary.entities.filter(
    (entity) =>
      lower.includes(entity.name.toLowerCase()) || (isOfType(vocabulary, entity.type, PORTABLE) && named(entity.name)),
  );
  const candidates = new Set<string>(["look", "inventory", ...MOVES]);
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
      candidates.add(template.replace(/\{\w+\}/g, () => filled[index++] ?? ""));
      if (candidates.size >= MAX_CANDIDATE_COMMANDS) break;
    }
    if (candidates.size >= MAX_CANDIDATE_COMMANDS) break;
  }
  return [...candidates].map((command) => ({ name: "command", args: { text: command } }));
}
