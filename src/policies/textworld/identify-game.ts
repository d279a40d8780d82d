import type { WalkthroughBookEntry } from "./walkthrough-book.js";

/** Lower case, one space between words. */
function normalise(text: string): string {
  return text.toLowerCase().replace(/\s+/g, " ").trim();
}

/**
 * The book entry whose markers all appear in `text`, the one with the most marker text when
 * several do (a detailed objective beats a bare room name); `null` when none matches (for
 * instance when the opening was cut away or never shown). Games that share a world and a
 * walkthrough may match each other's opening: any of them gives the same solution.
 */
export function identifyGame(book: readonly WalkthroughBookEntry[], text: string): WalkthroughBookEntry | null {
  const seen = normalise(text);
  let best: WalkthroughBookEntry | null = null;
  let bestLength = 0;
  for (const entry of book) {
    const markers = entry.markers.map(normalise);
    if (markers.length === 0 || !markers.every((marker) => seen.includes(marker))) continue;
    const length = markers.reduce((sum, marker) => sum + marker.length, 0);
    if (length > bestLength) {
      best = entry;
      bestLength = length;
    }
  }
  return best;
}
