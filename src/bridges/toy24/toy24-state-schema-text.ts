/** What `Toy24Env.stateView()` holds, for designers (shown in prompts). */
export const toy24StateSchemaText = [
  "Game of 24 state (JSON):",
  "- startNumbers: string[] — the four starting numbers of the puzzle.",
  '- numbers: string[] — the current numbers in index order; fractions as "a/b", negatives as "-a".',
  "- history: {i, j, op, expression}[] — the combinations that built `numbers`, oldest first; op is add|sub|mul|div,",
  '  i and j the indices at the time, expression e.g. "8 / 3 = 8/3". The reset tool clears it; undo pops it.',
  "- turns: number — turns spent in this episode (refused calls included); maxTurns: number — the budget.",
  "- submitted: boolean — whether submit was called (it ends the episode).",
  'Solved when numbers holds exactly one value and it is "24".',
].join("\n");
