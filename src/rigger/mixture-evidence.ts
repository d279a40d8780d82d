import type { Trajectory } from "../core/trajectory.js";
import type { CandidateProposal } from "../designer/candidate.js";
import { isSuccess } from "../rollout/summarize.js";
import type { DecisionPolicy } from "./decision-rule.js";
import { mixturePosterior, type MixtureEstimate, type MixturePoint, type Tally } from "./mixture-posterior.js";

/** A candidate's mixture declaration (see `CandidateProposal.mixture`). */
type MixtureDeclaration = NonNullable<CandidateProposal["mixture"]>;

/**
 * The trace label of the declared switch's layer: the last Rules layer of the proposal
 * named `declaration.layer` (`Rules#<position>`, counted from the base), or undefined.
 */
function switchLabel(proposal: CandidateProposal, declaration: MixtureDeclaration): string | undefined {
  for (let index = proposal.layers.length - 1; index >= 0; index -= 1) {
    const layer = proposal.layers[index]!;
    if (layer.kind === "rules" && layer.name === declaration.layer) return `Rules#${index}`;
  }
  return undefined;
}

/**
 * A candidate's episodes split by the recorded draw of its declared switch: `on`, `off`, or
 * `undrawn` (the layer's traces never carried the switch: it never reached the draw). An
 * episode without any trace of the layer (no step, or errored) is left out — its draw is
 * unknown. Undefined when the proposal declares no mixture or its layer is not in it.
 */
export function mixturePointOf(
  proposal: CandidateProposal,
  trajectories: readonly Trajectory[],
): MixturePoint | undefined {
  const declaration = proposal.mixture;
  if (!declaration) return undefined;
  const label = switchLabel(proposal, declaration);
  if (!label) return undefined;
  const point: MixturePoint = {
    share: declaration.share,
    on: { episodes: 0, successes: 0 },
    off: { episodes: 0, successes: 0 },
    undrawn: { episodes: 0, successes: 0 },
  };
  for (const trajectory of trajectories) {
    if (trajectory.stopReason === "error") continue;
    let seen = false;
    let drawn: boolean | undefined;
    for (const step of trajectory.steps)
      for (const trace of step.layers) {
        if (trace.layer !== label) continue;
        seen = true;
        const value = trace.switches?.[declaration.switch];
        if (value !== undefined) drawn = value;
      }
    if (!seen) continue;
    const tally: Tally = drawn === undefined ? point.undrawn : drawn ? point.on : point.off;
    tally.episodes += 1;
    if (isSuccess(trajectory)) tally.successes += 1;
  }
  return point;
}

/** What {@link pooledMixtureEstimate} reads about the task so far. */
export interface MixtureHistory {
  /** Earlier candidates of the task: their proposals and the points recorded for them. */
  attempts: ReadonlyArray<{ proposal: CandidateProposal | null; mixturePoint?: MixturePoint }>;
  /** The baseline's successes among its episodes. */
  baseline: Tally;
}

/**
 * The pooled estimate of the candidate's success rate at its share (see `mixturePosterior`):
 * its own point with the points of the earlier candidates of the same experiment, and the
 * baseline when the declaration says the off side is the unmodified env. Undefined when the
 * policy does not pool (`pooling` none, or a check rule) or the candidate declares no mixture.
 */
export function pooledMixtureEstimate(
  proposal: CandidateProposal,
  current: MixturePoint | undefined,
  history: MixtureHistory,
  policy: DecisionPolicy,
): MixtureEstimate | undefined {
  const declaration = proposal.mixture;
  if (!declaration || !current || policy.pooling === "none" || policy.checkRollouts !== 0) return undefined;
  const earlier = history.attempts
    .filter((attempt) => attempt.proposal?.mixture?.experiment === declaration.experiment && attempt.mixturePoint)
    .map((attempt) => attempt.mixturePoint!);
  return mixturePosterior(
    { current, earlier, ...(declaration.offIsBaseline ? { baseline: history.baseline } : {}) },
    policy.pooling,
  );
}
