import type { EnvriggerError } from "../../core/errors.js";
import type { Evaluation } from "../../core/evaluation.js";
import type { Json, JsonObject } from "../../core/json.js";
import type { Observation } from "../../core/observation.js";
import type { OpenEnvOptions } from "./openenv-options.js";

/** One episode of an `openenv:` env as seen from our side (the environment's own state lives on the server). */
export interface OpenEnvEpisode {
  taskId: string;
  seed: number;
  turns: number;
  done: boolean;
  truncated: boolean;
  lastReward: number | null;
  totalReward: number;
  actionErrors: number;
  lastActionError: string | null;
  observation: Observation;
  /** Set when the connection was lost: every later step fails with it. */
  lost: EnvriggerError | null;
  /** The server's state when the session was given up after the episode ended (what `stateView` then shows). */
  finalServerState: JsonObject | null;
}

/** A fresh episode after a reset: no turns, no errors, the reset's reward and observation. */
export function startedOpenEnvEpisode(
  start: Pick<OpenEnvEpisode, "taskId" | "seed" | "done" | "lastReward" | "observation">,
): OpenEnvEpisode {
  return {
    ...start,
    turns: 0,
    truncated: false,
    totalReward: 0,
    actionErrors: 0,
    lastActionError: null,
    lost: null,
    finalServerState: null,
  };
}

/** The verifier: the server's `done` and last reward against the success threshold (`successReward`, else above 0). */
export function openEnvEvaluation(episode: OpenEnvEpisode, options: OpenEnvOptions): Evaluation {
  const threshold = options.successReward;
  const last = episode.lastReward;
  const success = episode.done && last !== null && (threshold === undefined ? last > 0 : last >= threshold);
  return {
    success,
    score: last ?? 0,
    metrics: {
      done: episode.done,
      truncated: episode.truncated,
      lastReward: last,
      totalReward: episode.totalReward,
      turns: episode.turns,
      maxTurns: options.maxTurns,
      actionErrors: episode.actionErrors,
      successReward: threshold ?? null,
    },
  };
}

/** Our counters and the last observation's data (the state view without the server's state). */
export function openEnvEpisodeView(episode: OpenEnvEpisode, options: OpenEnvOptions): JsonObject {
  return {
    taskId: episode.taskId,
    turn: episode.turns,
    maxTurns: options.maxTurns,
    done: episode.done,
    truncated: episode.truncated,
    lastReward: episode.lastReward,
    totalReward: episode.totalReward,
    actionErrors: episode.actionErrors,
    lastActionError: episode.lastActionError,
    observation: structuredClone(episode.observation.data ?? {}),
  };
}

/** A description of the episode (`saveState`); it cannot be restored. */
export function savedOpenEnvEpisode(envId: string, episode: OpenEnvEpisode): Json {
  return {
    env: envId,
    restorable: false,
    taskId: episode.taskId,
    seed: episode.seed,
    turns: episode.turns,
    done: episode.done,
    lastReward: episode.lastReward,
    totalReward: episode.totalReward,
  };
}
