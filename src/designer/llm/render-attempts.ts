import type { Attempt } from "../designer.js";
import { truncateMiddle } from "../../llm/truncate-middle.js";
import { renderProposal } from "./render-proposal.js";
import { renderRolloutStats } from "./render-rollout-stats.js";
import { renderTrajectories } from "./render-trajectories.js";

/** Options of {@link renderAttempts}. */
export interface RenderAttemptsOptions {
  /** Characters all attempts together may take (validation rollouts get what is left). */
  budgetChars: number;
}

function renderAttempt(attempt: Attempt, trajectoryBudget: number): string {
  const lines = [`### Revision ${attempt.revision}`];
  lines.push(
    attempt.proposal ? renderProposal(attempt.proposal) : "proposal: none (the designer produced no valid proposal)",
  );
  if (attempt.issues.length > 0) {
    lines.push("problems found before it could run (static check, load, setup replay):");
    for (const issue of attempt.issues)
      lines.push(`- [${issue.code}]${issue.line === undefined ? "" : ` line ${issue.line}`}: ${issue.message}`);
  }
  lines.push(
    attempt.stats
      ? `validation statistics:\n${renderRolloutStats(attempt.stats)}`
      : "validation statistics: none (it never ran)",
  );
  if (attempt.decision) {
    const { decision, direction, distance, message } = attempt.decision;
    lines.push(
      `decision: ${decision} — ${direction} (distance to the band ${distance >= 0 ? "+" : ""}${distance.toFixed(2)}): ${message}`,
    );
  }
  if (attempt.trajectories && attempt.trajectories.length > 0 && trajectoryBudget > 0) {
    lines.push("validation rollouts of this revision:");
    lines.push(
      renderTrajectories(attempt.trajectories, {
        title: `Validation rollout (revision ${attempt.revision})`,
        budgetChars: trajectoryBudget,
        minimumPerTrajectory: 1500,
      }),
    );
  }
  return lines.join("\n");
}

/**
 * Render every earlier attempt on the task, oldest first: its proposal (rules source in
 * full), the issues that kept it from running, its validation statistics, the decision
 * and its scale feedback, and some validation rollouts. Within the budget the newest
 * attempts get the rollouts; an over-long text is cut in the middle with a marker.
 */
export function renderAttempts(attempts: Attempt[], options: RenderAttemptsOptions): string {
  if (attempts.length === 0) return "(none: this is the first proposal for this task)";
  const withoutRollouts = attempts.map((attempt) => renderAttempt(attempt, 0));
  const fixedLength = withoutRollouts.reduce((sum, text) => sum + text.length + 2, 0);
  const spare = Math.max(0, options.budgetChars - fixedLength);
  // The latest attempt's rollouts matter most for refining; earlier ones keep their summary.
  const latest = attempts.length - 1;
  const rendered = attempts.map((attempt, index) =>
    index === latest ? renderAttempt(attempt, spare) : (withoutRollouts[index] as string),
  );
  return truncateMiddle(rendered.join("\n\n"), options.budgetChars);
}
