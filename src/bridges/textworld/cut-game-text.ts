/**
 * Keep a game text within `budget` characters: the head and the tail stay, a visible
 * marker in between says how many characters were cut. Texts within the budget come back
 * unchanged; the result never exceeds the budget (a budget too small for the marker keeps
 * the head only).
 */
export function cutGameText(text: string, budget: number): string {
  if (text.length <= budget) return text;
  const marker = (cut: number) => `\n[… ${cut} characters cut …]\n`;
  // The marker's length grows with the number it prints: size it for the largest cut.
  const room = budget - marker(text.length).length;
  if (room < 2) return text.slice(0, Math.max(0, budget));
  const head = Math.ceil((room * 2) / 3);
  const tail = room - head;
  return text.slice(0, head) + marker(text.length - head - tail) + text.slice(text.length - tail);
}
