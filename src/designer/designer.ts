import type { RolloutStats } from "../rollout/summarize.js";
import type { ToolSpec } from "../core/tool-spec.js";
import type { Trajectory } from "../core/trajectory.js";
import type { CandidateProposal } from "./candidate.js";
import type { RunMeasurement } from "./run-measurement.js";
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
 * - `out-of-reach`: the ends of the candidate's mixture template both lie beyond the band on
 *   one side, so no share of that template reaches it (drop the template);
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
  "out-of-reach",
  "in-band",
] as const;

/** One of {@link decisionDirections}. */
export type DecisionDirection = (typeof decisionDirections)[number];

/**
 * Why the rule stopped spending rollouts on a candidate:
 * - `decided`: the evidence settled the verdict at the stated confidence;
 * - `cap`: the validation cap (`kMax`) was reached first — the verdict leans to the heavier side;
 * - `budget`: the caller's rollout budget ran out first — the same leaning verdict, or
 *   `inconclusive` when the rule had not got that far (e.g. a pass before its confirmation batch);
 * - `abandoned`: early abandonment — the evidence showed before the cap that the candidate (or
 *   its template: `out-of-reach`) cannot reach the band; the verdict leans to the heavier side.
 */
export const decisionStops = ["decided", "cap", "budget", "abandoned"] as const;

/** One of {@link decisionStops}. */
export type DecisionStop = (typeof decisionStops)[number];

/** A mixture's pooled success estimate as a verdict read it: the rate and the episodes it pools. */
export interface PooledSuccess {
  successRate: number;
  episodes: number;
}

/** What the decision rule tells the designer. */
export interface DecisionFeedback {
  decision: "accept" | "refine" | "reject";
  /** Which way the candidate missed, or `in-band` (see {@link DecisionDirection}). */
  direction: DecisionDirection;
  /** Signed distance to the band (positive: above it). */
  distance: number;
  message: string;
  /** Why the rule stopped spending (absent in records written before it was kept: `decided`). */
  stop?: DecisionStop;
  /** Set on an accept whose success band was judged on the mixture's pooled estimate, not the candidate's own rate. */
  pooled?: PooledSuccess;
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
  /**
   * What the run measured on its earlier tasks (the evidence a task's first candidates are
   * aimed from), in task order; fixed when the task starts. Absent or empty: none.
   */
  runMeasurements?: RunMeasurement[];
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
