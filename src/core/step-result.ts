import { z } from "zod";
import { jsonObjectSchema } from "./json.js";
import { observationSchema } from "./observation.js";

/**
 * Conventional keys of `StepResult.info` that generic code reads:
 * - `stop`: why the episode ended (`"submit"`, `"budget"`, …) or `null` while it runs;
 * - `actionError`: a string when the env refused the action (malformed or rejected call),
 *   otherwise absent or `null` — Setup replays and designers' detectors rely on it;
 * - `layers`: harness layer traces (see `layer-trace.ts`), written only by the host.
 */
export const INFO_STOP = "stop";
export const INFO_ACTION_ERROR = "actionError";

/** Whether a step's `info` says the env refused the action (`actionError` set, not `null`). */
export function actionRefused(info: Readonly<Record<string, unknown>>): boolean {
  const error = info[INFO_ACTION_ERROR];
  return error !== undefined && error !== null;
}

/** The result of one `step`: Gymnasium's five values, observation first. */
export const stepResultSchema = z.object({
  observation: observationSchema,
  reward: z.number().refine(Number.isFinite, "reward must be finite"),
  /** The episode ended inside the environment (e.g. the agent submitted). */
  terminated: z.boolean(),
  /** The episode was cut from outside (turn budget, a harness rule). */
  truncated: z.boolean(),
  info: jsonObjectSchema,
});
export type StepResult = z.infer<typeof stepResultSchema>;

/**
 * The result of `reset`. `info.maxTurns` (a number), when present, is the episode's turn
 * budget: the rollout runner stops the episode with stop reason `budget` after that many
 * policy turns (blocked actions included).
 */
export const resetResultSchema = z.object({
  observation: observationSchema,
  info: jsonObjectSchema,
});
export type ResetResult = z.infer<typeof resetResultSchema>;
