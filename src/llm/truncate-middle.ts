/**
 * Shorten `text` to at most about `maxChars` characters by keeping its head and its tail
 * and putting a visible marker in between (`[… 1234 characters omitted …]`). Text within
 * the budget is returned unchanged. The head gets ~60% of the budget: the start of an
 * observation usually says what it is, the end how it ended.
 */
export function truncateMiddle(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const budget = Math.max(0, maxChars);
  const headLength = Math.ceil(budget * 0.6);
  const tailLength = budget - headLength;
  const omitted = text.length - headLength - tailLength;
  const tail = tailLength > 0 ? text.slice(text.length - tailLength) : "";
  return `${text.slice(0, headLength)}\n[… ${omitted} characters omitted …]\n${tail}`;
}
