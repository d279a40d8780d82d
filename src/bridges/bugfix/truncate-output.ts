/**
 * Cap a tool output at `budget` characters: keep the head and the tail (where failures
 * usually are) and put a visible marker saying how much was cut in between. Texts within
 * the budget come back unchanged; the result never exceeds the budget (a budget too small
 * for the marker keeps the head only).
 */
export function truncateOutput(text: string, budget: number): string {
  if (text.length <= budget) return text;
  const marker = (cut: number) => `\n[... ${cut} characters truncated ...]\n`;
  // The marker's length depends on the number it prints; size it for the worst case.
  const room = budget - marker(text.length).length;
  if (room < 2) return text.slice(0, Math.max(0, budget));
  const head = Math.ceil(room / 2);
  const tail = room - head;
  return text.slice(0, head) + marker(text.length - head - tail) + text.slice(text.length - tail);
}
