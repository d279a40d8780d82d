import { formatAction } from "../core/action.js";
import type { Observation } from "../core/observation.js";
import type { Trajectory, TrajectoryStep } from "../core/trajectory.js";
import { escapeHtml } from "./escape-html.js";
import { layerChanged, sameAction, sameObservation } from "./layer-changed.js";

function text(value: string): string {
  return `<pre class="text">${escapeHtml(value)}</pre>`;
}

function observationHtml(observation: Observation): string {
  const data =
    observation.data === undefined
      ? ""
      : `<details><summary class="muted">structured data</summary>${text(JSON.stringify(observation.data, null, 2))}</details>`;
  return text(observation.text) + data;
}

function reachedEnv(step: TrajectoryStep): string {
  if (step.envAction === null) {
    const blocker = step.layers.find((trace) => trace.actionOut === null);
    const by = blocker ? ` by ${escapeHtml(blocker.layer)}` : "";
    return `<span class="blocked">blocked${by}</span>${blocker?.blockedReason ? text(blocker.blockedReason) : ""}`;
  }
  if (!sameAction(step.envAction, step.policyAction)) {
    const rewriters = step.layers
      .filter((trace) => trace.actionOut !== null && !sameAction(trace.actionIn, trace.actionOut))
      .map((trace) => trace.layer);
    return `<span class="rewritten">rewritten${rewriters.length > 0 ? ` by ${escapeHtml(rewriters.join(", "))}` : ""}</span>${text(formatAction(step.envAction))}`;
  }
  return `<span class="muted">as sent</span>`;
}

function policySaw(step: TrajectoryStep): string {
  if (step.envObservation && sameObservation(step.envObservation, step.observation))
    return `<span class="muted">the env's observation, unchanged</span>`;
  const changedBy = step.layers
    .filter((trace) => trace.observationIn !== undefined && !sameObservation(trace.observationIn, trace.observationOut))
    .map((trace) => trace.layer);
  const note =
    step.envObservation && changedBy.length > 0
      ? `<span class="rewritten">changed by ${escapeHtml(changedBy.join(", "))}</span>`
      : "";
  return note + observationHtml(step.observation);
}

function stepRow(step: TrajectoryStep): string {
  const changed = step.layers.some(layerChanged);
  const malformed = step.parsedAction === null ? ` <span class="blocked">(malformed)</span>` : "";
  const flags = [step.terminated ? "terminated" : "", step.truncated ? "truncated" : ""].filter(Boolean).join(", ");
  return (
    `<tr${changed ? ` class="changed"` : ""}>` +
    `<td class="number">${step.turn}${flags ? `<br><span class="muted">${flags}</span>` : ""}</td>` +
    `<td>${text(formatAction(step.policyAction))}${malformed}</td>` +
    `<td>${reachedEnv(step)}</td>` +
    `<td>${step.envObservation ? observationHtml(step.envObservation) : `<span class="muted">— nothing reached the env</span>`}</td>` +
    `<td>${policySaw(step)}</td>` +
    `</tr>`
  );
}

/**
 * One episode as an HTML figure: its outcome, the first observation, and a table with a
 * row per step — what the policy sent, what reached the base env (or which layer blocked
 * it and why, or how it was rewritten), what the env answered and what the policy saw —
 * with the steps a harness layer changed highlighted. All recorded text is escaped.
 */
export function renderTrajectoryHtml(trajectory: Trajectory, caption: string): string {
  const evaluation = trajectory.evaluation;
  const outcome =
    trajectory.stopReason === "error"
      ? `<span class="blocked">error</span>`
      : evaluation?.success
        ? `<span class="badge accepted">success</span>`
        : `<span class="badge rejected">failure</span>`;
  const details = [
    `stack <code>${escapeHtml(trajectory.stack)}</code>`,
    `seed ${trajectory.seed}`,
    `stop reason <code>${escapeHtml(trajectory.stopReason)}</code>`,
    `${trajectory.steps.length} steps`,
    evaluation ? `score ${evaluation.score.toFixed(2)}` : "",
  ].filter(Boolean);
  return (
    `<figure class="trajectory"><figcaption>${escapeHtml(caption)} ${outcome}</figcaption>` +
    `<p class="muted">${details.join(" · ")}</p>` +
    (trajectory.error ? `<p class="blocked">error:</p>${text(trajectory.error)}` : "") +
    `<h5>First observation</h5>${observationHtml(trajectory.initialObservation)}` +
    `<div class="table-wrap"><table><thead><tr><th>turn</th><th>policy action</th><th>what reached the env</th><th>env observation</th><th>what the policy saw</th></tr></thead>` +
    `<tbody>${trajectory.steps.map(stepRow).join("")}</tbody></table></div></figure>`
  );
}
