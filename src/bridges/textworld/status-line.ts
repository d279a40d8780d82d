/** What a status line says: the room, and the score and move count when it shows them. */
export interface StatusLine {
  room: string | null;
  score: number | null;
  moves: number | null;
}

/** `Score: 10  Turns: 7` / `Score: 10  Moves: 7` (Infocom games, drawn by the interpreter). */
const scoreAndTurnsPattern = /Score:\s*(-?\d+)\s+(?:Turns|Moves):\s*(\d+)\s*$/i;
/** `2/3` at the end of the line (TextWorld's Inform 7 status line: score/moves). */
const scoreSlashMovesPattern = /(-?\d+)\s*\/\s*(\d+)\s*$/;

/**
 * Read a status line: Zork's `West of House      Score: 0  Turns: 2` or TextWorld's
 * `-= Bedroom =-      2/3` (the `-= … =-` decoration is taken off the room name). A line
 * without numbers is all room; an empty line gives nulls.
 */
export function parseStatusLine(line: string): StatusLine {
  const trimmed = line.trim();
  const match = scoreAndTurnsPattern.exec(trimmed) ?? scoreSlashMovesPattern.exec(trimmed);
  const roomText = (match ? trimmed.slice(0, match.index) : trimmed)
    .trim()
    .replace(/^-=\s*/, "")
    .replace(/\s*=-$/, "")
    .trim();
  return {
    room: roomText.length > 0 ? roomText : null,
    score: match ? Number(match[1]) : null,
    moves: match ? Number(match[2]) : null,
  };
}
