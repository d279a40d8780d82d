/** A portable thing of the starting room and what holds it there. */
export interface StageThing {
  name: string;
  /** The container or supporter it is in or on; `null` when it lies in the room itself. */
  holder: string | null;
}

/** A container or supporter of the starting room, as the game starts. */
export interface StagePlace {
  name: string;
  kind: "container" | "supporter";
  closed: boolean;
}

/**
 * What a Setup can move before a TextWorld game starts (the `stage_move` tool): the
 * portable things of the starting room (on its floor, or in or on one of its containers and
 * supporters) and the places there they can be moved to (unlocked containers, supporters,
 * and the floor). Read from the game's initial world facts.
 */
export interface StageLayout {
  things: StageThing[];
  places: StagePlace[];
}

/** The world facts read here (TextWorld metadata: `at(x, room)`, `in(x, container)`, `on(x, supporter)`, `closed(x)`, `locked(x)`). */
export interface WorldFact {
  name: string;
  arguments: Array<{ name: string; type: string }>;
}

/** TextWorld types of things a player can carry: objects, food, keys. */
const PORTABLE_TYPES = new Set(["o", "f", "k"]);

/** The stage layout of a game from its world facts and entity names (`infos`: id → name). */
export function readStageLayout(
  world: readonly WorldFact[],
  names: ReadonlyMap<string, string | null>,
  startRoomId: string | null,
): StageLayout {
  if (startRoomId === null) return { things: [], places: [] };
  const holds = (fact: string, entity: string) =>
    world.some((entry) => entry.name === fact && entry.arguments[0]?.name === entity);
  const nameOf = (id: string) => names.get(id) ?? null;
  const placeIds = world
    .filter(
      (fact) =>
        fact.name === "at" &&
        fact.arguments[1]?.name === startRoomId &&
        (fact.arguments[0]?.type === "c" || fact.arguments[0]?.type === "s"),
    )
    .map((fact) => fact.arguments[0]!);
  const places: StagePlace[] = [];
  for (const place of placeIds) {
    const name = nameOf(place.name);
    if (name === null || holds("locked", place.name)) continue;
    places.push({ name, kind: place.type === "c" ? "container" : "supporter", closed: holds("closed", place.name) });
  }
  const placeNames = new Map(placeIds.map((place) => [place.name, nameOf(place.name)]));
  const things: StageThing[] = [];
  for (const fact of world) {
    const [thing, where] = fact.arguments;
    if (!thing || !where || !PORTABLE_TYPES.has(thing.type)) continue;
    const name = nameOf(thing.name);
    if (name === null) continue;
    if (fact.name === "at" && where.name === startRoomId) things.push({ name, holder: null });
    else if ((fact.name === "in" || fact.name === "on") && placeNames.has(where.name)) {
      const holder = placeNames.get(where.name) ?? null;
      // A thing in a locked container cannot be taken out by the staging dry run.
      if (holder !== null && places.some((place) => place.name === holder)) things.push({ name, holder });
    }
  }
  return { things, places };
}
