/** What one stretch of game output says, beyond its text. */
export interface GameOutputReading {
  /** The text, tidied: no prompt, no trailing spaces, at most one blank line in a row. */
  text: string;
  /** TextWorld's win banner `*** The End ***` on a line of its own. */
  won: boolean;
  /** TextWorld's lose banner `*** You lost! ***` on a line of its own. */
  lost: boolean;
  /** The game asks whether to restart, restore or quit: it is over. */
  finalQuestion: boolean;
  /** A score the game printed in words ("You scored 4 out of a possible 4"), when it did. */
  reportedScore: { score: number; maxScore: number } | null;
}

const wonPattern = /^[ \t]*\*\*\* The End \*\*\*[ \t]*$/m;
const lostPattern = /^[ \t]*\*\*\* You lost! \*\*\*[ \t]*$/m;
/** Inform 7's final question and Infocom's. */
const finalQuestionPatterns = [/Would you like to RESTART, RESTORE a saved game/, /\(Type RESTART, RESTORE, or QUIT\)/];
/** Inform's score report (at the end or on `score`) and Infocom's. */
const reportedScorePatterns = [
  /scored (-?\d+) out of a possible (\d+)/,
  /Your score is (-?\d+) \(total of (\d+) points?\)/,
];

/** Tidy printed text: drop the trailing `>` prompt, trailing spaces and runs of blank lines. */
export function tidyGameText(raw: string): string {
  const lines = raw.split("\n").map((line) => line.trimEnd());
  while (lines.length > 0 && (lines.at(-1) === "" || lines.at(-1) === ">")) lines.pop();
  while (lines.length > 0 && lines[0] === "") lines.shift();
  return lines.join("\n").replace(/\n{3,}/g, "\n\n");
}

/**
 * Read the text a game printed (the echo of the player's command already left out, so the
 * player cannot type these signals): TextWorld's win and lose banners, the final question
 * that ends any Inform or Infocom game, and a score printed in words.
 */
export function readGameOutput(raw: string): GameOutputReading {
  let reportedScore: GameOutputReading["reportedScore"] = null;
  for (const pattern of reportedScorePatterns) {
    const match = pattern.exec(raw);
    if (match) {
      reportedScore = { score: Number(match[1]), maxScore: Number(match[2]) };
      break;
    }
  }
  return {
    text: tidyGameText(raw),
    won: wonPattern.test(raw),
    lost: lostPattern.test(raw),
    finalQuestion: finalQuestionPatterns.some((pattern) => pattern.test(raw)),
    reportedScore,
  };
}
