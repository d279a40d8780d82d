import { type GameVocabulary, type TextWorldLibrary, loadTextWorldLibrary } from "../../bridges/textworld/index.js";

/** One game's recorded solution, with what its opening text says and its words. */
export interface WalkthroughBookEntry {
  game: string;
  /** Phrases the game's opening text contains (its objective, its first room); all must be seen to match. */
  markers: string[];
  /** The recorded solution: TextWorld's `metadata.walkthrough`, or the Zork I route. */
  commands: string[];
  vocabulary: GameVocabulary;
}

/**
 * The book the walkthrough policies carry: the public metadata shipped with each game
 * (TextWorld's walkthrough and vocabulary; the Zork I route). A policy finds its page by
 * matching what it observes against the markers — never by the task id.
 */
export function walkthroughBook(library: TextWorldLibrary): WalkthroughBookEntry[] {
  const entries: WalkthroughBookEntry[] = library.games.map((game) => ({
    game: game.name,
    markers: [game.objective, game.startRoom === null ? "" : `-= ${game.startRoom} =-`].filter(
      (marker) => marker.length > 0,
    ),
    commands: game.walkthrough,
    vocabulary: game.vocabulary,
  }));
  const route = library.zorkRoute;
  entries.push({
    game: route.game,
    markers: [route.title, route.startRoom],
    commands: route.commands,
    vocabulary: route.vocabulary,
  });
  return entries;
}

let bookLoad: Promise<WalkthroughBookEntry[]> | null = null;

/** The book of the bundled games, read on first use and shared (immutable); a failed read is retried next time. */
export function loadWalkthroughBook(): Promise<WalkthroughBookEntry[]> {
  if (!bookLoad) {
    bookLoad = loadTextWorldLibrary().then(walkthroughBook);
    bookLoad.catch(() => {
      bookLoad = null;
    });
  }
  return bookLoad;
}
