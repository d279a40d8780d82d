/** What `TextWorldEnv.stateView()` holds, for designers (shown in prompts). */
export const textWorldStateSchemaText = [
  "Text adventure state (JSON), all read from the game's own output:",
  "- game: string — the game played (a TextWorld game name, or zork1). goal: string — the goal sentence.",
  "- room: string|null — the room on the status line; score: number|null — the game's score; maxScore: number;",
  "  moves: number|null — the game's move counter (as its status line shows it).",
  "- turns: number — env turns spent (refused actions included); maxTurns: number — the budget.",
  "- inventory: string|null — the game's answer to the last inventory command, null before one.",
  "- lastCommands: string[] — the last 10 commands typed into the game, oldest first.",
  "- gameOver: boolean — the game has ended (won, lost, quit, or asks to restart); won / lost: boolean — TextWorld's",
  "  *** The End *** / *** You lost! *** banners.",
  "The tool is command(text): one line typed into the game; the game's parser answers unknown verbs itself.",
  "A Setup may also replay stage_move(thing, to, probability?): it moves a portable thing of the starting room into or onto",
  "  another container or supporter there (or onto the floor) before the start, in that fraction of episodes, unnoticed by the game.",
].join("\n");
