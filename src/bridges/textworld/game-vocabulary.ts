import { z } from "zod";

/**
 * The words of a game, as its metadata gives them: command templates with typed holes
 * (`take {o} from {c}`), the named things with their types, and the type hierarchy (`f` is
 * an `o`, `o` a `t`). Scripted policies build plausible commands from it.
 */
export const gameVocabularySchema = z.strictObject({
  /** Command templates; a hole `{x}` takes any entity whose type is `x` or below it. */
  commandTemplates: z.array(z.string().min(1)),
  /** Named things: doors, containers, supporters, objects … (rooms and the player excluded). */
  entities: z.array(z.strictObject({ name: z.string().min(1), type: z.string().min(1) })),
  /** Each type's parent type (`{f: "o", o: "t"}`); a type without an entry is a root. */
  typeParents: z.record(z.string(), z.string()),
});
export type GameVocabulary = z.infer<typeof gameVocabularySchema>;

/** True when `type` is `ancestor` or below it in the vocabulary's type hierarchy. */
export function isOfType(vocabulary: GameVocabulary, type: string, ancestor: string): boolean {
  const seen = new Set<string>();
  for (
    let current: string | undefined = type;
    current !== undefined && !seen.has(current);
    current = vocabulary.typeParents[current]
  ) {
    if (current === ancestor) return true;
    seen.add(current);
  }
  return false;
}
