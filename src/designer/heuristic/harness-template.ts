import type { JsonObject } from "../../core/json.js";
import type { CandidateLayer } from "../candidate.js";
import type { DesignContext, Diagnosis } from "../designer.js";
import type { ToolRoles } from "../../analysis/tool-roles.js";

/** The one magnitude a template is tuned by (a probability, a count, a length). */
export interface TemplateKnob {
  /** The parameter's name in the proposal, e.g. `probability`. */
  name: string;
  /** The value at which the template changes nothing (the baseline's side of the search). */
  neutral: number;
  /** The value of the strongest effect (the far end of the search). */
  strongest: number;
  /** Whether only integers are meaningful. */
  integer: boolean;
  /**
   * For an integer knob: a non-integer magnitude x mixes its two neighbouring integers per
   * episode — ⌈x⌉ in a fraction x − ⌊x⌋ of episodes (decided once per episode), ⌊x⌋ in the
   * rest — so the success rate between two adjacent integers is linear in x. A cliff (one
   * integer too easy, the next too hard) then becomes a continuous rate the search can aim
   * into once no integer is left between the probes.
   */
  fractional?: boolean;
  /** Which way of the knob makes the env harder for the policy. */
  harderWhen: "larger" | "smaller";
  /**
   * The knob is the fraction of episodes the perturbation is on, decided once per episode
   * (from neutral to strongest, or to `mixtureLimit`): episodes without it behave like the
   * baseline, so the success rate is linear in it, (1 − p)·s₀ + p·s₁, and revisions
   * interpolate instead of bisecting.
   */
  mixture?: boolean;
  /**
   * For a knob that is a mixture only part of the way: the magnitude up to which the success
   * is linear from the baseline (default: `strongest`). Beyond it, revisions bisect.
   */
  mixtureLimit?: number;
}

/** How a template would be used on this task: settings read from the baseline, the knob and where to start it. */
export interface TemplatePlan {
  template: string;
  /** Settings derived from the baseline (tools, actions, texts); fixed across magnitudes. */
  settings: JsonObject;
  knob: TemplateKnob;
  /** The first magnitude to try (estimated from the baseline where the data allows). */
  initial: number;
  /** Higher is tried first. */
  priority: number;
  /** Why this template fits the diagnosis, citing what it read. */
  reason: string;
}

/** What a template reads to plan itself. */
export interface TemplateInput {
  context: DesignContext;
  diagnosis: Diagnosis;
  roles: ToolRoles;
}

/**
 * A parameterised harness template: it plans itself from the diagnosis (or declines when
 * it does not apply), and builds the candidate's layers — TypeScript Rules sources and/or
 * Setup actions that go through the same static check and sandbox as an LLM's — for one
 * magnitude of its knob.
 */
export interface HarnessTemplate {
  readonly id: string;
  /** What the template does, in a sentence. */
  readonly summary: string;
  /**
   * Its layers go under any Setup of a combined candidate (innermost, above a reward guard):
   * they must see the Setup's replayed calls, e.g. to follow a path from where the replay left it.
   */
  readonly belowSetup?: boolean;
  plan(input: TemplateInput): TemplatePlan | null;
  /** The layers for `settings` (from the plan) at `magnitude`; throws `INVALID_SHAPE` for settings of another template. */
  build(settings: JsonObject, magnitude: number, context: DesignContext): CandidateLayer[];
}
