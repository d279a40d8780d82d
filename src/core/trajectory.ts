import { z } from "zod";
import { actionInputSchema, actionSchema } from "./action.js";
import { evaluationSchema } from "./evaluation.js";
import { jsonObjectSchema } from "./json.js";
import { layerTraceSchema } from "./layer-trace.js";
import { observationSchema } from "./observation.js";

/** Why an episode stopped. */
export const stopReasonSchema = z.enum(["submit", "terminated", "budget", "timeout", "error"]);
export type StopReason = z.infer<typeof stopReasonSchema>;

/** One step of an episode, with both what the policy did/saw and what the base env got/gave. */
export const trajectoryStepSchema = z.object({
  /** 0-based turn index. */
  turn: z.number().int().nonnegative(),
  /** What the policy emitted (raw). */
  policyAction: actionInputSchema,
  /** The policy's action as a structured call (text parsed by the env's grammar); `null` when malformed. */
  parsedAction: actionSchema.nullable(),
  /** What reached the base environment after every layer; `null` when a layer blocked it. */
  envAction: actionInputSchema.nullable(),
  /** What the base environment answered (before layers); absent when blocked. */
  envObservation: observationSchema.optional(),
  /** What the policy saw (after every layer). */
  observation: observationSchema,
  reward: z.number(),
  terminated: z.boolean(),
  truncated: z.boolean(),
  /** The top-level info (verifier fields included), without the layer traces. */
  info: jsonObjectSchema,
  /** Per-layer changes, outermost first (empty for an unwrapped env). */
  layers: z.array(layerTraceSchema),
  /**
   * What the policy recorded about this turn's decision (its `stepRecord()`), as JSON, e.g.
   * a learnable policy's candidates, features, probabilities and choice — so a trainer can
   * compute its gradient from trajectories that came back from a worker. Absent for most policies.
   */
  policyRecord: jsonObjectSchema.optional(),
  /** Time spent in the policy's `act`, milliseconds. */
  policyMs: z.number().nonnegative(),
  /** Time spent in `step`, milliseconds. */
  stepMs: z.number().nonnegative(),
});
export type TrajectoryStep = z.infer<typeof trajectoryStepSchema>;

/**
 * Tokens a policy's model spent on one episode: prompt (input) and completion (output)
 * tokens, provider responses, and the prompt tokens served from the provider's cache (part
 * of `inputTokens`; absent when the provider reports none).
 */
export const policyTokensSchema = z.object({
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  calls: z.number().int().nonnegative(),
  cachedInputTokens: z.number().int().nonnegative().optional(),
});
export type PolicyTokens = z.infer<typeof policyTokensSchema>;

/** A whole episode. */
export const trajectorySchema = z.object({
  envId: z.string(),
  /** The nesting of the stack that ran (e.g. `Rules<Setup<bugfix>>`). */
  stack: z.string(),
  taskId: z.string(),
  /** The task's group (e.g. bug family), when the env declares one. */
  group: z.string().optional(),
  seed: z.number().int().nonnegative(),
  policy: z.string(),
  initialObservation: observationSchema,
  steps: z.array(trajectoryStepSchema),
  stopReason: stopReasonSchema,
  /** The verifier's verdict at the end (absent only when the episode errored before it, or a call outlived its deadline). */
  evaluation: evaluationSchema.optional(),
  totalReward: z.number(),
  /** Error text when `stopReason` is `error`, or `timeout` because a call outlived its deadline. */
  error: z.string().optional(),
  /** The error's code when the episode errored with one of envrigger's errors (e.g. `REMOTE_ENV`, `COMPONENT_RUNTIME`). */
  errorCode: z.string().optional(),
  /** Wall time of the whole episode, milliseconds. */
  durationMs: z.number().nonnegative(),
  /** What the policy's model spent on the episode (policies whose `usage()` reports tokens, e.g. LLM policies; absent otherwise). */
  policyTokens: policyTokensSchema.optional(),
});
export type Trajectory = z.infer<typeof trajectorySchema>;
