import { cutHeadTail } from "../../core/cut-head-tail.js";

/**
 * Cap a tool output at `budget` characters: head and tail kept in equal shares, with a
 * visible `[... N characters truncated ...]` marker between them (see {@link cutHeadTail}).
 */
export function truncateOutput(text: string, budget: number): string {
  return cutHeadTail(text, budget, { headShare: 1 / 2, marker: (cut) => `\n[... ${cut} characters truncated ...]\n` });
}
