import type { Observation } from "../../core/observation.js";
import { cutGameText } from "./cut-game-text.js";
import type { TextWorldEpisode } from "./textworld-episode.js";

/** The notice appended to the last observation of an episode, by stop reason. */
export const textWorldStopNotices = {
  goal: "[Episode over: goal reached.]",
  "game-over": "[Episode over: the game has ended.]",
  budget: "[Episode over: out of turns.]",
} as const;

/**
 * What the agent sees. Text: what the game printed in answer to the command (its echo and
 * prompt left out), or `Error: …` for a refused action, cut to `budget` characters (head and
 * tail kept, a marker in between), with a closing notice on the episode's last step.
 * Data: the status line's `room`, `score`, `moves` (null until the game shows them), the
 * game's `maxScore`, the env's `turn` and `maxTurns`, and the `goal` sentence.
 */
export function textWorldObservation(episode: TextWorldEpisode, budget: number): Observation {
  const notice = episode.stop === null ? "" : `\n\n${textWorldStopNotices[episode.stop]}`;
  return {
    text: cutGameText(episode.text, Math.max(0, budget - notice.length)) + notice,
    data: {
      room: episode.room,
      score: episode.score,
      maxScore: episode.task.maxScore,
      moves: episode.moves,
      turn: episode.turns,
      maxTurns: episode.maxTurns,
      goal: episode.task.goalText,
    },
  };
}
