import type { ActionInput } from "./action.js";
import type { JsonObject } from "./json.js";
import type { Observation } from "./observation.js";
import type { Rng } from "./seeding.js";
import type { ToolSpec } from "./tool-spec.js";

/** What a policy is told when an episode starts. */
export interface EpisodeStart {
  taskId: string;
  seed: number;
  tools: ToolSpec[];
}

/** One past turn as the policy saw it. */
export interface PolicyHistoryEntry {
  action: ActionInput;
  observation: Observation;
}

/** Everything a policy may decide from. */
export interface PolicyInput {
  /** The latest observation (after every harness layer). */
  observation: Observation;
  tools: ToolSpec[];
  /** Earlier turns of this episode, oldest first. */
  history: PolicyHistoryEntry[];
  /** 0-based turn index. */
  turn: number;
  /** A generator seeded from the episode seed. */
  rng: () => number;
  /** The same generator with helpers (built-in policies use it). */
  random: Rng;
  /**
   * The env's candidate actions for this observation, when it offers `candidateActions`
   * (for tools whose arguments the schemas cannot enumerate); absent otherwise.
   */
  candidates?: ActionInput[];
}

/**
 * A policy: maps what it observed to the next action. It must decide only from what it
 * observes (observation text/data, its own history, its seeded rng) — never from the
 * task id, the task group or environment internals.
 */
export interface Policy {
  readonly name: string;
  /** Called once per episode before the first `act`. */
  start?(episode: EpisodeStart): void | Promise<void>;
  /** The next action (structured) or raw text for text-grammar envs. */
  act(input: PolicyInput): ActionInput | Promise<ActionInput>;
  /**
   * What to record about the decision of the latest `act` (JSON), read once after it and
   * stored as the step's `policyRecord` (e.g. what a trainer needs to compute a gradient).
   * Optional; most policies record nothing.
   */
  stepRecord?(): JsonObject | undefined;
  /** Token usage or other per-episode accounting, read after the episode (optional). */
  usage?(): Record<string, number>;
  /**
   * Its own deadline per `start`/`act` call in ms (e.g. an LLM policy: its request timeout
   * over every retry), replacing the rollout runner's default. Optional.
   */
  readonly callTimeoutMs?: number;
}

/**
 * Makes a fresh policy per episode, so that stateful policies can run episodes in
 * parallel. A stateless policy may return the same object each time.
 */
export type PolicyFactory = () => Policy;
