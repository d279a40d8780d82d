/** The `stateView()` fields of the `miniwob` env, as shown to designers. */
export const miniwobStateSchemaText = [
  "taskId: string — the MiniWoB++ task (the page's file name)",
  "utterance: string — the instruction the page shows",
  "elements: array — the DOM view: { ref, kind (text|button|link|input|textarea|select|checkbox|radio|shape|box|scrollable), name?, value?, type?, label?, checked?, options?, focused?, disabled?, scrollable? } in document order",
  "episodeOver: boolean — the page ended the episode (its verdict is not shown)",
  "turns: number — actions taken this episode; maxTurns: number — the turn budget",
  "lastActions: array — the last 10 actions ({ name, args })",
  "lastError: string | null — why the last action was refused, if it was",
].join("\n");
