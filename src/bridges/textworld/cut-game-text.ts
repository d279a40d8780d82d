import { cutHeadTail } from "../../core/cut-head-tail.js";

/**
 * Keep a game text within `budget` characters: two thirds of the kept text from the head
 * (where the room and its description are), the rest from the tail, with a visible
 * `[… N characters cut …]` marker between them (see {@link cutHeadTail}).
 */
export function cutGameText(text: string, budget: number): string {
  return cutHeadTail(text, budget, { headShare: 2 / 3, marker: (cut) => `\n[… ${cut} characters cut …]\n` });
}
