import { escapeHtml } from "./escape-html.js";
import type { RevisionRecord } from "../rigger/checkpointed-task-schema.js";

function fixed(value: number, digits = 2): string {
  return value.toFixed(digits);
}

function revisionRow(revision: RevisionRecord): string {
  const template =
    revision.proposal?.template ??
    (revision.proposal ? revision.proposal.layers.map((layer) => layer.kind).join(" + ") : "—");
  const parameters = Object.entries(revision.proposal?.parameters ?? {})
    .map(([name, value]) => `<code>${escapeHtml(name)}=${escapeHtml(JSON.stringify(value))}</code>`)
    .join("<br>");
  const { stats, decision } = revision;
  const numbers = stats
    ? `<td class="number">${stats.episodes}</td><td class="number">${fixed(stats.successRate)} <span class="muted">[${fixed(stats.successInterval[0])}, ${fixed(stats.successInterval[1])}]</span></td><td class="number">${fixed(stats.meanTurns, 1)}</td>`
    : `<td class="number">—</td><td class="number">—</td><td class="number">—</td>`;
  const verdict = decision
    ? `<td><span class="badge ${decision.decision === "accept" ? "accepted" : decision.decision === "reject" ? "rejected" : "skipped"}">${decision.decision}</span></td><td>${escapeHtml(decision.direction)}</td><td class="number">${decision.distance === 0 ? "0" : decision.distance.toFixed(3)}</td><td class="message">${escapeHtml(decision.message)}</td>`
    : `<td><span class="badge">refused at check</span></td><td>—</td><td class="number">—</td><td class="message">${revision.issues.map((issue) => `<code>${escapeHtml(issue.code)}</code> ${escapeHtml(issue.message)}`).join("<br>")}</td>`;
  return `<tr><td class="number">${revision.revision}</td><td>${escapeHtml(template)}</td><td class="parameters">${parameters}</td>${numbers}${verdict}</tr>`;
}

/**
 * A task's revisions as an HTML table: per candidate, its template and parameters, the
 * validation numbers (episodes, success with its 95% interval, mean steps) and the rule's
 * decision with its direction, signed distance to the band and message — or, for a
 * candidate refused before it ran, the problems found.
 */
export function renderRevisionsHtml(revisions: RevisionRecord[]): string {
  if (revisions.length === 0) return `<p class="muted">No candidate was written.</p>`;
  return (
    `<div class="table-wrap"><table><thead><tr><th>#</th><th>template</th><th>parameters</th><th>n</th><th>success [95% CI]</th><th>mean steps</th><th>decision</th><th>direction</th><th>distance</th><th>message</th></tr></thead>` +
    `<tbody>${revisions.map(revisionRow).join("")}</tbody></table></div>`
  );
}
