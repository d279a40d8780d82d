import type { CheckpointedTask } from "../rigger/checkpointed-task-schema.js";
import { escapeHtml } from "./escape-html.js";
import { pickShownRevision } from "./pick-shown-revision.js";
import { renderRevisionsHtml } from "./render-revisions-html.js";
import { renderStackHtml } from "./render-stack-html.js";
import { renderTrajectoryHtml } from "./render-trajectory-html.js";
import type { BatchFigures, Estimate, TaskFigures } from "./task-figures.js";

/** What {@link renderTaskSection} needs about one task. */
export interface TaskSectionInput {
  task: CheckpointedTask;
  figures: TaskFigures;
  /** SVG charts of the task's revisions. */
  charts: string[];
  /** The section's element id (for the table of contents). */
  anchor: string;
}

function estimateText(estimate: Estimate, digits: number): string {
  const interval =
    estimate.low !== null && estimate.high !== null
      ? ` [${estimate.low.toFixed(digits)}, ${estimate.high.toFixed(digits)}]`
      : "";
  return `<strong>${estimate.value.toFixed(digits)}</strong>${interval}`;
}

function numbers(label: string, figures: BatchFigures): string {
  return `${label}: success ${estimateText(figures.success, 2)}, mean steps ${estimateText(figures.steps, 1)} (n=${figures.success.episodes})`;
}

function outcomeHtml(task: CheckpointedTask): string {
  const revisions = Math.max(0, task.written - 1);
  if (task.outcome === "skipped") return `<p>The baseline is already in the target band: nothing to rig.</p>`;
  if (task.outcome === null)
    return `<p>This task has not finished (the run is still going, or was stopped; <code>curriculum --resume</code> continues it).</p>`;
  const shown = pickShownRevision(task);
  const rejected =
    task.outcome === "rejected"
      ? `<p>No candidate met the target within ${revisions} revision${revisions === 1 ? "" : "s"} after the first; nothing was stored.</p>`
      : "";
  if (!shown) return rejected;
  const { revision } = shown;
  return (
    rejected +
    (shown.accepted ? `<h4>Accepted candidate</h4>` : `<h4>Closest revision: #${revision.revision} (rejected)</h4>`) +
    `<p>Decision: ${escapeHtml(revision.decision?.message ?? "")}</p>` +
    (shown.accepted && task.candidatePath ? `<p>Stored as <code>${escapeHtml(task.candidatePath)}</code></p>` : "") +
    `<h5>Rationale</h5><div class="prose">${escapeHtml(revision.proposal?.rationale ?? "")}</div>` +
    `<h5>Stack</h5>${revision.proposal ? renderStackHtml(revision.proposal.layers) : ""}` +
    `<h4>Example episodes</h4><div class="examples">` +
    (shown.baseline ? renderTrajectoryHtml(shown.baseline, "Baseline (unmodified env)") : "") +
    (shown.candidate
      ? renderTrajectoryHtml(
          shown.candidate,
          shown.accepted ? "With the accepted stack" : `With the stack of revision #${revision.revision}`,
        )
      : "") +
    `</div>`
  );
}

/**
 * One task's section of the report: outcome, baseline and after-rigging numbers, its
 * revision charts, the designer's diagnosis, every revision with the rule's decision, and
 * for an accepted task (or a rejected task's closest revision) the rationale, the stack
 * (Setup actions, highlighted Rules source) and a baseline and a candidate example
 * episode, each showing the raw and filtered steps side by side. Everything the run recorded is escaped.
 */
export function renderTaskSection({ task, figures, charts, anchor }: TaskSectionInput): string {
  const outcome = task.outcome ?? "unfinished";
  const group = task.config.group ? `<span class="group">group ${escapeHtml(task.config.group)}</span>` : "";
  const lines = [
    figures.baseline ? numbers("baseline", figures.baseline) : "",
    figures.after ? numbers(figures.after.phase, figures.after) : "",
  ].filter(Boolean);
  return (
    `<section class="task" id="${escapeHtml(anchor)}">` +
    `<h3>${escapeHtml(task.config.taskId)} <span class="badge ${outcome}">${outcome}</span> ${group}</h3>` +
    `<p class="numbers">${lines.join("<br>")}</p>` +
    (charts.length > 0
      ? `<div class="charts">${charts.map((svg) => `<div class="chart">${svg}</div>`).join("")}</div>`
      : "") +
    (task.diagnosis ? `<h4>Diagnosis</h4><div class="prose">${escapeHtml(task.diagnosis.text)}</div>` : "") +
    `<h4>Revisions</h4>${renderRevisionsHtml(task.attempts)}` +
    outcomeHtml(task) +
    `</section>`
  );
}
