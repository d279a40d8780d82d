import { EnvriggerError } from "../../core/errors.js";
import { createRng, deriveSeed } from "../../core/seeding.js";
import { parseWith } from "../../core/validate.js";
import { ToolRoles } from "../../analysis/tool-roles.js";
import { candidateProposalSchema, type CandidateProposal } from "../candidate.js";
import type { DesignContext, Designer, Diagnosis } from "../designer.js";
import { designDirection } from "./design-direction.js";
import { formatSuccess } from "./format-success.js";
import type { HarnessTemplate, TemplatePlan } from "./harness-template.js";
import { harnessTemplates } from "./harness-templates.js";
import { roundMagnitude } from "./rules-snippets.js";

/** Options of {@link RandomEditDesigner}: the catalogue it draws from (default: the heuristic designer's). */
export interface RandomEditDesignerOptions {
  templates?: readonly HarnessTemplate[];
}

/**
 * The designer-free control (ACCEL-style random edits, `--designer random`): the heuristic
 * designer's templates at random knobs, with no diagnosis. `diagnose` reads only which way
 * the target lies (easier or harder: the baseline's rate against the band's middle) and
 * names no weakness; `write` draws one applicable template uniformly and its knob uniformly
 * between the neutral and the strongest value, independently at every revision — no
 * bisection, no template kept or dropped by what earlier attempts measured. The decision
 * rule judges its candidates exactly as the other designers'. Deterministic: the same
 * context (seed, task, attempts) gives the same proposal.
 */
export class RandomEditDesigner implements Designer {
  readonly name = "random";
  private readonly templates: readonly HarnessTemplate[];

  constructor(options: RandomEditDesignerOptions = {}) {
    this.templates = options.templates ?? harnessTemplates;
  }

  async diagnose(context: DesignContext): Promise<Diagnosis> {
    const direction = designDirection(context.target, context.baseline.stats);
    return {
      text: `Baseline of ${context.envId} task ${context.taskId}: ${formatSuccess(context.baseline.stats)}. Random edits: no weakness is diagnosed; direction ${direction} from the target alone.`,
      weaknesses: [],
      direction,
    };
  }

  /** The templates that plan themselves for this context and diagnosis (catalogue order). */
  plans(context: DesignContext, diagnosis: Diagnosis): TemplatePlan[] {
    const roles = new ToolRoles(context.tools);
    const plans = this.templates
      .map((template) => template.plan({ context, diagnosis, roles }))
      .filter((plan): plan is TemplatePlan => plan !== null);
    if (plans.length > 0 || diagnosis.direction !== "target-weakness") return plans;
    return this.plans(context, { ...diagnosis, direction: "harder" });
  }

  async write(context: DesignContext, diagnosis: Diagnosis): Promise<CandidateProposal> {
    const plans = this.plans(context, diagnosis);
    const rng = createRng(deriveSeed(context.seed, "random edit", context.taskId, context.attempts.length));
    if (plans.length === 0)
      throw new EnvriggerError(
        "DESIGNER_OUTPUT",
        `the random-edit designer has no template for task ${context.taskId} in direction ${diagnosis.direction}: none applies`,
        { hint: "try another target, or the heuristic designer" },
      );
    const plan = rng.pick(plans);
    const { knob } = plan;
    const low = Math.min(knob.neutral, knob.strongest);
    const high = Math.max(knob.neutral, knob.strongest);
    const drawn =
      knob.integer && !knob.fractional
        ? rng.between(Math.ceil(low), Math.floor(high))
        : low + rng.next() * (high - low);
    const magnitude = roundMagnitude(drawn);
    const template = this.templates.find((candidate) => candidate.id === plan.template)!;
    return parseWith(
      candidateProposalSchema,
      {
        layers: template.build(plan.settings, magnitude, context),
        rationale: `Random edit: template ${template.id} drawn from ${plans.length} applicable, ${knob.name} ${magnitude} drawn uniformly in [${low}, ${high}].`,
        template: template.id,
        parameters: { ...plan.settings, [knob.name]: magnitude },
      },
      "random edit proposal",
      "INTERNAL",
    );
  }
}
