/** Words too common to tell skills apart. */
const stopWords = new Set(
  "a an and are as at be before by do does for from has have how if in is it its of on or that the then this to was were what when where which while with you your".split(
    " ",
  ),
);

/**
 * The words of a text for retrieval: identifiers split at case changes and separators
 * (`clampScore` → `clamp score`, `run_tests` → `run test`), lowercased, common English
 * words dropped, a plural `s` cut (`splits` → `split`; not after `s`, `u` or `i`).
 */
export function wordsOf(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 1 && !stopWords.has(word))
    .map((word) => (word.length > 3 && /[^siu]s$/.test(word) ? word.slice(0, -1) : word));
}
