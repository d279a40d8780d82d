import { performance } from "node:perf_hooks";
import { actionInputSchema, type Action, type ActionInput } from "../core/action.js";
import type { ActionableEnv } from "../core/actionable-env.js";
import { EnvriggerError, errorMessage, isEnvriggerError } from "../core/errors.js";
import type { Evaluation } from "../core/evaluation.js";
import type { JsonObject } from "../core/json.js";
import { LAYER_TRACE_KEY, type LayerTrace } from "../core/layer-trace.js";
import type { Observation } from "../core/observation.js";
import type { Policy, PolicyHistoryEntry } from "../core/policy.js";
import { createRng, deriveSeed } from "../core/seeding.js";
import type { PolicyTokens, StopReason, Trajectory, TrajectoryStep } from "../core/trajectory.js";
import { CallDeadlineError, DEFAULT_CALL_TIMEOUT_MS, withDeadline } from "./call-deadline.js";

/** Options of {@link runEpisode}. */
export interface RunEpisodeOptions {
  taskId: string;
  seed: number;
  /** The task's group, copied into the trajectory for per-group statistics. */
  group?: string;
  /**
   * Turn budget counted by the runner (blocked actions included). Default: the env's
   * `reset().info.maxTurns`, else {@link DEFAULT_MAX_TURNS}.
   */
  maxTurns?: number;
  /** Wall-clock limit for the whole episode (ms); exceeded → stop reason `timeout`. */
  timeoutMs?: number;
  /**
   * Deadline of each env and policy call (ms; default {@link DEFAULT_CALL_TIMEOUT_MS}); a
   * call past it ends the episode with stop reason `timeout` and the message in `error`.
   * A policy's own `callTimeoutMs` wins for its calls.
   */
  callTimeoutMs?: number;
}

/** Turn budget when neither the caller nor the env declares one. */
export const DEFAULT_MAX_TURNS = 100;

function readMaxTurns(info: JsonObject): number | undefined {
  const value = info.maxTurns;
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : undefined;
}

/** The tokens a policy's `usage()` reports for its episode (undefined when it reports none or it fails). */
function policyTokensOf(policy: Policy): PolicyTokens | undefined {
  let usage: Record<string, number> | undefined;
  try {
    usage = policy.usage?.();
  } catch {
    return undefined;
  }
  if (!usage || (usage.inputTokens === undefined && usage.outputTokens === undefined)) return undefined;
  const count = (value: unknown) =>
    typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.round(value) : 0;
  const cached = count(usage.cachedInputTokens);
  return {
    inputTokens: count(usage.inputTokens),
    outputTokens: count(usage.outputTokens),
    calls: count(usage.calls),
    ...(cached > 0 ? { cachedInputTokens: cached } : {}),
  };
}

function stopReasonOf(info: JsonObject, terminated: boolean): StopReason {
  if (terminated) return info.stop === "submit" ? "submit" : "terminated";
  return info.stop === "timeout" ? "timeout" : "budget";
}

/** Split the host-written layer traces out of `info`. */
function splitLayers(info: JsonObject): { info: JsonObject; layers: LayerTrace[] } {
  if (!(LAYER_TRACE_KEY in info)) return { info, layers: [] };
  const { [LAYER_TRACE_KEY]: layers, ...rest } = info;
  return { info: rest, layers: (Array.isArray(layers) ? layers : []) as unknown as LayerTrace[] };
}

/**
 * Run one episode of `policy` on `env` and record it. Never throws for a misbehaving env,
 * policy or harness component: such an episode ends with stop reason `error` and the
 * message in `trajectory.error` (so the other rollouts of a batch continue).
 */
export async function runEpisode(env: ActionableEnv, policy: Policy, options: RunEpisodeOptions): Promise<Trajectory> {
  const started = performance.now();
  const deadline = options.timeoutMs === undefined ? Infinity : started + options.timeoutMs;
  const steps: TrajectoryStep[] = [];
  const history: PolicyHistoryEntry[] = [];
  const random = createRng(deriveSeed(options.seed, "policy"));
  let initialObservation: Observation = { text: "" };
  let stopReason: StopReason = "budget";
  let error: string | undefined;
  let errorCode: string | undefined;
  let evaluation: Evaluation | undefined;
  let totalReward = 0;
  const envDeadline = options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
  const policyDeadline = policy.callTimeoutMs ?? envDeadline;
  const envCall = <T>(value: T | Promise<T>, method: string) =>
    withDeadline(value, envDeadline, `env ${env.id}.${method}()`);
  const policyCall = <T>(value: T | Promise<T>, method: string) =>
    withDeadline(value, policyDeadline, `policy ${policy.name}.${method}()`);
  try {
    const reset = await envCall(env.reset({ taskId: options.taskId, seed: options.seed }), "reset");
    initialObservation = reset.observation;
    const maxTurns = options.maxTurns ?? readMaxTurns(reset.info) ?? DEFAULT_MAX_TURNS;
    const tools = await envCall(env.tools(), "tools");
    await policyCall(policy.start?.({ taskId: options.taskId, seed: options.seed, tools }), "start");
    let observation = reset.observation;
    for (let turn = 0; turn < maxTurns; turn++) {
      if (performance.now() > deadline) {
        stopReason = "timeout";
        break;
      }
      const policyStarted = performance.now();
      const candidates = env.candidateActions ? await env.candidateActions(observation) : null;
      const output = await policyCall(
        policy.act({
          observation,
          tools,
          history,
          turn,
          rng: random.next,
          random,
          ...(candidates ? { candidates } : {}),
        }),
        "act",
      );
      const policyMs = performance.now() - policyStarted;
      const policyRecord = policy.stepRecord?.();
      const checked = actionInputSchema.safeParse(output);
      if (!checked.success) {
        throw new EnvriggerError(
          "POLICY_OUTPUT",
          `policy ${policy.name} returned neither an action {name, args} nor a string at turn ${turn}`,
        );
      }
      const policyAction: ActionInput = checked.data;
      const parsedAction: Action | null = typeof policyAction === "string" ? env.parseText(policyAction) : policyAction;
      const stepStarted = performance.now();
      const result = await envCall(env.step(policyAction), "step");
      const stepMs = performance.now() - stepStarted;
      const { info, layers } = splitLayers(result.info);
      const innermost = layers.at(-1);
      steps.push({
        turn,
        policyAction,
        parsedAction,
        envAction: innermost ? innermost.actionOut : policyAction,
        envObservation: innermost ? innermost.observationIn : result.observation,
        observation: result.observation,
        reward: result.reward,
        terminated: result.terminated,
        truncated: result.truncated,
        info,
        layers,
        ...(policyRecord === undefined ? {} : { policyRecord }),
        policyMs,
        stepMs,
      });
      totalReward += result.reward;
      history.push({ action: policyAction, observation: result.observation });
      observation = result.observation;
      if (result.terminated || result.truncated) {
        stopReason = stopReasonOf(info, result.terminated);
        break;
      }
    }
    evaluation = await envCall(env.evaluate(), "evaluate");
  } catch (caught) {
    // A call past its deadline is a timeout, not a failure of the env's logic; either way the message is kept.
    stopReason = caught instanceof CallDeadlineError ? "timeout" : "error";
    error = errorMessage(caught);
    if (isEnvriggerError(caught)) errorCode = caught.code;
    try {
      evaluation = caught instanceof CallDeadlineError ? undefined : await envCall(env.evaluate(), "evaluate");
    } catch {
      evaluation = undefined;
    }
  }
  const policyTokens = policyTokensOf(policy);
  return {
    envId: env.id,
    stack: env.describe(),
    taskId: options.taskId,
    group: options.group,
    seed: options.seed,
    policy: policy.name,
    initialObservation,
    steps,
    stopReason,
    evaluation,
    totalReward,
    error,
    ...(errorCode === undefined ? {} : { errorCode }),
    durationMs: performance.now() - started,
    ...(policyTokens === undefined ? {} : { policyTokens }),
  };
}
