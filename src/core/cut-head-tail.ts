/** Options of {@link cutHeadTail}. */
export interface CutHeadTailOptions {
  /** Share of the kept characters that go to the head (the rest to the tail). */
  headShare: number;
  /** The marker put between head and tail, given how many characters were cut. */
  marker: (cut: number) => string;
}

/**
 * Keep a text within `budget` characters: the head and the tail stay (the start says what
 * an output is, the end how it ended — failures usually sit there), and a visible marker
 * in between says how much was cut. Texts within the budget come back unchanged; the
 * result never exceeds the budget (a budget too small for the marker keeps the head only).
 */
export function cutHeadTail(text: string, budget: number, options: CutHeadTailOptions): string {
  if (text.length <= budget) return text;
  // The marker's length grows with the number it prints: size it for the largest cut.
  const room = budget - options.marker(text.length).length;
  if (room < 2) return text.slice(0, Math.max(0, budget));
  const head = Math.ceil(room * options.headShare);
  const tail = room - head;
  return text.slice(0, head) + options.marker(text.length - head - tail) + text.slice(text.length - tail);
}
