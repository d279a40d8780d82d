/** What a text tells an explorer: directions it mentions, things it names, and which look closed. */
export interface RoomTextReading {
  exits: string[];
  things: string[];
  closedThings: string[];
}

const directionPattern = /\b(north|south|east|west|northeast|northwest|southeast|southwest|up|down)\b/gi;
const directionWord = /^(?:north|south|east|west|northeast|northwest|southeast|southwest|up|down)$/;
/** A noun phrase after an article, up to punctuation or a word that ends it. */
const thingPattern =
  /\b(?:a|an|the|some)\s+([a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,4}?)(?=\s*[.,;:!?)]|\s+(?:and|or|but|close|here|there|leading|leads|on|in|into|at|which|that|who|is|are|was|has|have|with|to|from|sitting|of|you|appears|seems|looks|can|by|for|as|it|first|then)\b|\s*$)/gim;
const stateWords = new Set(["closed", "open", "opened", "locked", "unlocked", "empty"]);
/** Words that name no thing worth handling. */
const notThings = new Set([
  "way",
  "thing",
  "kind",
  "place",
  "room",
  "lot",
  "bit",
  "moment",
  "exit",
  "entranceway",
  "doorway",
  "path",
  "passage",
  "floor",
  "ground",
  "wall",
  "walls",
  "end",
  "side",
  "idea",
  "one",
  "deal",
  "price",
  "tag",
  "day",
  "time",
  "game",
  "score",
  "point",
  "points",
  "turn",
  "turns",
  "task",
  "world",
]);

/**
 * Read a game text the way a naive player skims it: the compass directions it mentions, the
 * short noun phrases after articles ("You can make out a chest drawer." → `chest drawer`;
 * "a closed antique trunk close by" → `antique trunk`, which also looks closed), at most
 * three words each, leading state words dropped. Crude on purpose: it is what the
 * `explorer` policy sees, with no game metadata.
 */
export function readRoomText(text: string): RoomTextReading {
  const exits = new Set<string>();
  for (const match of text.matchAll(directionPattern)) exits.add(match[1].toLowerCase());
  const things = new Set<string>();
  const closedThings = new Set<string>();
  for (const match of text.matchAll(thingPattern)) {
    const words = match[1].toLowerCase().split(/\s+/);
    let closed = false;
    while (words.length > 0 && stateWords.has(words[0]))
      closed ||= ["closed", "locked"].includes(words.shift() as string);
    if (words.length === 0 || words.length > 3 || words.some((word) => directionWord.test(word) || notThings.has(word)))
      continue;
    const thing = words.join(" ");
    things.add(thing);
    if (closed) closedThings.add(thing);
  }
  return { exits: [...exits], things: [...things], closedThings: [...closedThings] };
}
