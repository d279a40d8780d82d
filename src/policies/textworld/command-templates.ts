import { type GameVocabulary, isOfType } from "../../bridges/textworld/index.js";

/** The names of the entities that fit a hole of `type`. */
export function entitiesOfType(vocabulary: GameVocabulary, type: string): string[] {
  return vocabulary.entities.filter((entity) => isOfType(vocabulary, entity.type, type)).map((entity) => entity.name);
}

/** The holes of a template, in order: `put {o} on {s}` → `["o", "s"]`. */
export function templateHoles(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
}

/**
 * Fill a template's holes with the given names, in order (`put {o} on {s}` with
 * `["carrot", "stove"]` → `put carrot on stove`).
 */
export function fillTemplate(template: string, names: readonly string[]): string {
  let index = 0;
  return template.replace(/\{\w+\}/g, () => names[index++] ?? "");
}
