import { stableStringify } from "../../core/json.js";
import { parseWith } from "../../core/validate.js";
import { candidateProposalSchema, type CandidateProposal } from "../candidate.js";
import type { DesignContext, Designer, Diagnosis } from "../designer.js";
import { diagnoseBaseline } from "./diagnose-baseline.js";
import type { HarnessTemplate, TemplatePlan } from "./harness-template.js";
import { harnessTemplates } from "./harness-templates.js";
import { BASE_PARAMETER, baseRecord, planRevision } from "./plan-revision.js";
import { rewardShortcutGuard } from "./reward-shortcut-guard.js";
import { roundMagnitude } from "./rules-snippets.js";
import { ToolRoles } from "../../analysis/tool-roles.js";
import type { WeaknessDetector } from "./weakness-detector.js";
import { weaknessDetectors } from "./weakness-detectors.js";

/** Options of {@link HeuristicDesigner}: the catalogue and the detectors (defaults: all). */
export interface HeuristicDesignerOptions {
  templates?: readonly HarnessTemplate[];
  detectors?: readonly WeaknessDetector[];
}

/**
 * The offline default designer. `diagnose` runs generic weakness detectors over the
 * baseline trajectories (any env: tools are classified by name and description) and
 * picks the direction from the target. `write` plans every template of the catalogue from
 * the diagnosis — a template's first candidate aimed at the band's middle from what the run
 * measured of it on earlier tasks (`aimedMagnitude`), when it did — and across revisions keeps a template that moved the success rate
 * towards the band — bisecting its knob on the decision's signed distance — or switches
 * template after no effect, breakage, unsolvability or a move the wrong way. Proposals
 * record `template` and `parameters` (settings and knob). When the baseline or an earlier
 * attempt shows rewarded failures (reward paid, verdict failed), every proposal starts with a
 * Rules layer refusing the call that marks them (`rewardShortcutGuard`), innermost. Deterministic: the
 * same context gives the same proposal.
 */
export class HeuristicDesigner implements Designer {
  readonly name = "heuristic";
  private readonly templates: readonly HarnessTemplate[];
  private readonly detectors: readonly WeaknessDetector[];

  constructor(options: HeuristicDesignerOptions = {}) {
    this.templates = options.templates ?? harnessTemplates;
    this.detectors = options.detectors ?? weaknessDetectors;
  }

  async diagnose(context: DesignContext): Promise<Diagnosis> {
    return diagnoseBaseline(context, this.detectors);
  }

  /**
   * The applicable plans for this context, highest priority first (ties: catalogue order).
   * A weakness target no template addresses directly falls back to the harder direction's
   * templates (the decision rule then judges whether the weakness became decisive).
   */
  plans(context: DesignContext, diagnosis: Diagnosis): TemplatePlan[] {
    const plans = this.plansFor(context, diagnosis);
    if (plans.length > 0 || diagnosis.direction !== "target-weakness") return plans;
    return this.plansFor(context, { ...diagnosis, direction: "harder" });
  }

  private plansFor(context: DesignContext, diagnosis: Diagnosis): TemplatePlan[] {
    const roles = new ToolRoles(context.tools);
    return this.templates
      .map((template, index) => ({ plan: template.plan({ context, diagnosis, roles }), index }))
      .filter((entry): entry is { plan: TemplatePlan; index: number } => entry.plan !== null)
      .sort((left, right) => right.plan.priority - left.plan.priority || left.index - right.index)
      .map((entry) => entry.plan);
  }

  async write(context: DesignContext, diagnosis: Diagnosis): Promise<CandidateProposal> {
    const templateOf = (plan: TemplatePlan) => this.templates.find((candidate) => candidate.id === plan.template)!;
    const hasSetup = (plan: TemplatePlan) =>
      templateOf(plan)
        .build(plan.settings, plan.knob.strongest, context)
        .some((layer) => layer.kind === "setup");
    const choice = planRevision(this.plans(context, diagnosis), context, diagnosis, hasSetup);
    const template = templateOf(choice.plan);
    const magnitude = roundMagnitude(choice.magnitude);
    const { knob } = choice.plan;
    // A reward shortcut seen in the data is closed in every candidate, right above the env: the
    // call never reaches it, whatever the layers above do with the policy's calls. In a
    // combined candidate the base template's layers come next, the tuned one on top.
    const guard = rewardShortcutGuard(context);
    const baseTemplate = choice.base ? templateOf(choice.base.plan) : undefined;
    const baseLayers =
      choice.base && baseTemplate
        ? baseTemplate.build(choice.base.plan.settings, roundMagnitude(choice.base.magnitude), context)
        : [];
    const topLayers = template.build(choice.plan.settings, magnitude, context);
    // A template that must see a Setup's replay goes under the other's layers.
    const ordered =
      template.belowSetup && !baseTemplate?.belowSetup ? [...topLayers, ...baseLayers] : [...baseLayers, ...topLayers];
    return parseWith(
      candidateProposalSchema,
      {
        layers: [...(guard ? [guard] : []), ...ordered],
        rationale: `${guard ? "A Rules layer refuses the call that marks the rewarded failures (reward paid, verdict failed). " : ""}${choice.base ? `${choice.base.plan.reason}; and ` : ""}${choice.plan.reason}. ${choice.note}; ${knob.name} ${knob.harderWhen === "larger" ? "higher" : "lower"} is harder.`,
        template: template.id,
        parameters: {
          ...choice.plan.settings,
          [knob.name]: magnitude,
          ...(choice.base ? { [BASE_PARAMETER]: baseRecord(choice.base) } : {}),
        },
        // The knob of a template alone on the task: what later tasks of the run aim from.
        ...(choice.base
          ? {}
          : { knob: { name: knob.name, value: magnitude, neutral: knob.neutral, strongest: knob.strongest } }),
        ...(knob.mixture && knob.switch !== undefined && magnitude >= 0 && magnitude <= 1
          ? {
              mixture: {
                // One experiment: the same template, settings, base and guard — only the share differs.
                experiment: stableStringify({
                  template: template.id,
                  settings: choice.plan.settings,
                  base: choice.base ? baseRecord(choice.base).key : null,
                  baseMagnitude: choice.base ? roundMagnitude(choice.base.magnitude) : null,
                  guard: guard !== undefined && guard !== null,
                }),
                share: magnitude,
                offIsBaseline: !guard && !choice.base,
                layer: template.id,
                switch: knob.switch,
              },
            }
          : {}),
      },
      "heuristic designer proposal",
      "INTERNAL",
    );
  }
}
