/** Words that say what to do rather than what to act on. */
const FUNCTION_WORDS = new Set(
  (
    "a an the and or then to into in on of for from with by at as is it its this that these those all any both each every one " +
    "click select choose pick enter type press hit find go use put set mark make give switch expand open close " +
    "button buttons link links item items field fields text textbox box input below above following named labeled labelled " +
    "when done finished your you them their there here please"
  ).split(" "),
);

/** Lower-case word tokens (letters and digits, any script). */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** What an utterance asks for, read generically. */
export interface UtteranceReading {
  /** Quoted strings, in order (`"Submit"`, `“x”`). */
  quoted: string[];
  /** Values to type: the quoted strings, then dates (`12/23/2016`) and times (`9:37 PM`) written out. */
  values: string[];
  /** Content words: the utterance's words without function words. */
  goalWords: Set<string>;
  /** The utterance lower-cased, for phrase matches. */
  lower: string;
}

/** Read an utterance: quoted strings, typed values, content words. */
export function readUtterance(utterance: string): UtteranceReading {
  const quoted = [...utterance.matchAll(/["“]([^"”]+)["”]/g)]
    .map((match) => (match[1] ?? "").trim())
    .filter((text) => text !== "");
  const values = [...quoted];
  for (const match of utterance.matchAll(/\b\d{1,2}\/\d{1,2}\/\d{2,4}\b|\b\d{1,2}:\d{2}(?:\s?[AP]M)?\b/gi)) {
    if (!values.includes(match[0])) values.push(match[0]);
  }
  return {
    quoted,
    values,
    goalWords: new Set(wordsOf(utterance).filter((word) => !FUNCTION_WORDS.has(word))),
    lower: utterance.toLowerCase(),
  };
}

/** The words just before `value` in the utterance (what names the field it goes into). */
export function wordsBefore(utterance: string, value: string, count = 4): string[] {
  const at = utterance.indexOf(value);
  if (at < 0) return [];
  return wordsOf(utterance.slice(0, at))
    .filter((word) => !FUNCTION_WORDS.has(word))
    .slice(-count);
}
