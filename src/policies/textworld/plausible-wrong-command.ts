import type { GameVocabulary } from "../../bridges/textworld/index.js";
import type { Rng } from "../../core/seeding.js";
import { entitiesOfType, fillTemplate, templateHoles } from "./command-templates.js";

/**
 * A plausible command that is not `needed`: a random template of the game's vocabulary with
 * fitting entities in its holes (`close wooden door`, `go west`, `eat carrot`,
 * `put old key on counter`) — the kind of slip a player makes. Holes prefer the things in
 * view, those named in `context` (the last answer and the needed command), so slips often
 * touch something real; otherwise any thing of the type. Falls back to `look`.
 */
export function plausibleWrongCommand(vocabulary: GameVocabulary, needed: string, random: Rng, context = ""): string {
  const inView = context.toLowerCase();
  const templates = vocabulary.commandTemplates;
  for (let attempt = 0; attempt < 20 && templates.length > 0; attempt++) {
    const template = random.pick(templates);
    const names: string[] = [];
    for (const hole of templateHoles(template)) {
      const candidates = entitiesOfType(vocabulary, hole);
      if (candidates.length === 0) break;
      const visible = candidates.filter((name) => inView.includes(name.toLowerCase()));
      names.push(random.pick(visible.length > 0 ? visible : candidates));
    }
    if (names.length !== templateHoles(template).length) continue;
    const command = fillTemplate(template, names);
    if (command.toLowerCase() !== needed.toLowerCase()) return command;
  }
  return needed.toLowerCase() === "look" ? "inventory" : "look";
}
