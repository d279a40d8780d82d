import { z } from "zod";

/** The default turn budget of an OpenEnv episode. */
export const OPENENV_DEFAULT_MAX_TURNS = 50;

const milliseconds = (fallback: number) => z.number().int().min(1).max(3_600_000).default(fallback);

/**
 * The JSON options of an `openenv:<url>` env. Unknown keys are refused.
 * Every wait on the server is bounded by one of the timeouts.
 */
export const openEnvOptionsSchema = z.strictObject({
  /** Turn budget (our side): after this many steps without the server's `done` the episode is truncated (stop `budget`). */
  maxTurns: z.number().int().min(1).max(100_000).default(OPENENV_DEFAULT_MAX_TURNS),
  /**
   * Success threshold of the verifier: success iff the server said `done` and the last
   * reward is at least this. Unset (the default): success iff `done` and the last reward is above 0.
   */
  successReward: z.number().refine(Number.isFinite, "successReward must be finite").optional(),
  /** Limit on `GET /health` and `GET /schema`. */
  httpTimeoutMs: milliseconds(10_000),
  /** Limit on opening the WebSocket (OpenEnv's client uses 10 s). */
  connectTimeoutMs: milliseconds(10_000),
  /** Limit on each reply (OpenEnv's client uses 60 s). */
  messageTimeoutMs: milliseconds(60_000),
  /** Connections tried when the server answers CAPACITY_REACHED (the first one included). */
  capacityAttempts: z.number().int().min(1).max(50).default(5),
  /** Wait before the first retry after CAPACITY_REACHED; doubled each time. */
  capacityBackoffMs: milliseconds(500),
  /** Longest wait between two attempts. */
  capacityBackoffMaxMs: milliseconds(8_000),
  /**
   * Sessions opened one after another, on the first use of a server, to learn how many it
   * takes (OpenEnv's default is one; the refusal states `max_sessions`). 0: no probe (the
   * first refusal teaches it). A server that takes this many is treated as unlimited.
   */
  capacityProbeLimit: z.number().int().min(0).max(1_024).default(16),
  /** Between episodes, a session idle this long goes to an env waiting for one (e.g. a pooled stack's, once the rig moved on). */
  idleSessionMs: milliseconds(250),
  /** Inside an episode, a session idle this long counts as abandoned and may go to a waiting env. */
  abandonedEpisodeMs: milliseconds(120_000),
  /** Per-observation character budget of the rendered text (head and tail kept around a marker). */
  observationBudget: z.number().int().min(64).default(8_000),
  /** Whether `stateView()` includes the server's state (one `state` round trip per call). */
  serverStateInView: z.boolean().default(true),
});

/** OpenEnv options as given. */
export type OpenEnvOptionsInput = z.input<typeof openEnvOptionsSchema>;

/** OpenEnv options with defaults filled in. */
export type OpenEnvOptions = z.output<typeof openEnvOptionsSchema>;
