import type { RolloutStats } from "../rollout/summarize.js";
import type { ToolSpec } from "../core/tool-spec.js";
import type { Trajectory } from "../core/trajectory.js";
import type { CandidateProposal } from "./candidate.js";
import type { Target } from "./target.js";

/** A weakness a designer found, with the statistics that show it. */
export interface Weakness {
  /** Stable id, e.g. `skips-verification`, `repeats-actions`. */
  id: string;
  /** One sentence naming the weakness and citing numbers. */
  evidence: string;
  /** 0..1, how strongly the data shows it. */
  severity: number;
}

/** A designer's diagnosis of the baseline. */
export interface Diagnosis {
  /** Readable text; names the weaknesses and cites the statistics. */
  text: string;
  weaknesses: Weakness[];
  /** Which way the env must move: make it easier, harder, or make a named weakness decisive. */
  direction: "easier" | "harder" | "target-weakness";
}

/** A previous attempt on the same task, shown to the designer when it writes again. */
export interface Attempt {
  revision: number;
  proposal: CandidateProposal | null;
  /** Static-check / load / setup problems (when the candidate never ran). */
  issues: Array<{ code: string; message: string; line?: number; errorCode?: string }>;
  /** Validation statistics (when it ran). */
  stats: RolloutStats | null;
  /** The decision and the scale feedback it produced. */
  decision: DecisionFeedback | null;
  /** A few validation trajectories (for LLM designers). */
  trajectories?: Trajectory[];
}

/**
 * Which way a decision says a candidate missed its target, or that it met it:
 * - `too-easy` / `too-hard`: the success rate lies above / below the success band;
 * - `too-long` / `too-short`: mean turns lie above / below the steps band;
 * - `unsolvable`: no success, most episodes stalled (out of budget, time, or blocked);
 * - `no-effect`: the candidate changed nothing (a pass-through);
 * - `broken`: too many validation episodes errored;
 * - `weakness-not-decisive`: a weakness target whose split does not show the weakness deciding success;
 * - `inconclusive`: the validation cap was reached mid-way without a verdict;
 * - `in-band`: the target is met (an accept).
 */
export const decisionDirections = [
  "too-easy",
  "too-hard",
  "too-long",
  "too-short",
  "unsolvable",
  "no-effect",
  "broken",
  "weakness-not-decisive",
  "inconclusive",
  "in-band",
] as const;

/** One of {@link decisionDirections}. */
export type DecisionDirection = (typeof decisionDirections)[number];

/** What the decision rule tells the designer. */
export interface DecisionFeedback {
  decision: "accept" | "refine" | "reject";
  /** Which way the candidate missed, or `in-band` (see {@link DecisionDirection}). */
  direction: DecisionDirection;
  /** Signed distance to the band (positive: above it). */
  distance: number;
  message: string;
}

/** Everything a designer may see. Never hidden tests or verifier internals. */
export interface DesignContext {
  envId: string;
  taskId: string;
  /** The task's public instruction (the first observation text). */
  instruction: string;
  tools: ToolSpec[];
  /** The env's `stateSchema()` text. */
  stateSchema: string;
  /** The declared harness API (TypeScript declarations) components are written against. */
  harnessApi: string;
  target: Target;
  /** Statistics and trajectories of the unmodified env. */
  baseline: { stats: RolloutStats; trajectories: Trajectory[] };
  /**
   * Successful episodes of the env's demonstrator (a solver, a walkthrough, an oracle) on
   * this task, when the env names one: how the task can be solved, for templates that start
   * near the goal or point along the way. Never evidence about the policy. Absent or empty: none.
   */
  demonstrations?: Trajectory[];
  /** Earlier attempts on this task, oldest first. */
  attempts: Attempt[];
  /** Seed for the designer's own choices (heuristic search, sampling). */
  seed: number;
}

/**
 * A designer: diagnoses a policy's weaknesses from baseline rollouts and writes candidate
 * components. Designers propose; the numeric decision rule decides.
 */
export interface Designer {
  readonly name: string;
  diagnose(context: DesignContext): Promise<Diagnosis>;
  write(context: DesignContext, diagnosis: Diagnosis): Promise<CandidateProposal>;
  /** Token usage so far (LLM designers). */
  usage?(): { inputTokens: number; outputTokens: number; calls: number };
}
