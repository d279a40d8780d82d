/**
 * Static members of `RegExp` that carry the last match between calls (legacy statics):
 * the lockdown deletes them inside the isolate, and the static check refuses code that
 * reads them — one list for both.
 */
export const REGEXP_STATICS: readonly string[] = [
  "$1",
  "$2",
  "$3",
  "$4",
  "$5",
  "$6",
  "$7",
  "$8",
  "$9",
  "input",
  "$_",
  "lastMatch",
  "$&",
  "lastParen",
  "$+",
  "leftContext",
  "$`",
  "rightContext",
  "$'",
];
