/**
 * Phrases with which Inform and Infocom games refuse a command or say it changed nothing
 * ("You can't see any such thing.", "That's already open.", "It seems to be locked.").
 */
const refusalPattern =
  /\b(?:can't|cannot|can not|isn't|aren't|haven't|don't|doesn't|didn't|won't|already|no such|not a verb|not something|plainly|need to|nothing to|seems to be locked|is locked|not open|not closed|only understood|what do you want|you see no|there is no|there's no|failed)\b/i;

/**
 * True when the game's answer reads as a refusal (the command most likely changed nothing).
 * Only the first line is read: refusals are one line, while a new room's description (which
 * may well say "You don't like doors?") starts with the room's name.
 */
export function looksRefused(answer: string): boolean {
  const firstLine = answer.trim().split("\n", 1)[0] ?? "";
  return refusalPattern.test(firstLine);
}
