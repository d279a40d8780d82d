import { packageVersion } from "../core/package-version.js";
import type { Target } from "../designer/target.js";
import { promiseText } from "../rigger/promise-text.js";
import { escapeHtml } from "./escape-html.js";
import type { RunRecord } from "../curriculum/read-run.js";
import type { FiguredTask, ReportCharts } from "./render-report-charts.js";
import { card, chartSection, pageHead } from "./report-html-parts.js";
import { renderTaskSection } from "./render-task-section.js";
import { addCosts, totalTokens, type CostRecord } from "../run-format/cost-record.js";

function targetText(target: Target): string {
  return [
    target.successBand ? `success rate in [${target.successBand.join(", ")}]` : "",
    target.stepsBand ? `mean steps in [${target.stepsBand.join(", ")}]` : "",
    target.weakness ? `make the weakness “${target.weakness}” decisive` : "",
  ]
    .filter(Boolean)
    .join("; ");
}

function overviewRow({ task, figures }: FiguredTask, anchor: string): string {
  const rate = (estimate: { value: number; episodes: number } | undefined) =>
    estimate ? `${estimate.value.toFixed(2)} (n=${estimate.episodes})` : "—";
  const outcome = task.outcome ?? "unfinished";
  return (
    `<tr><td><a href="#${escapeHtml(anchor)}">${escapeHtml(task.config.taskId)}</a></td><td>${escapeHtml(task.config.group ?? "")}</td>` +
    `<td><span class="badge ${outcome}">${outcome}</span></td><td class="number">${rate(figures.baseline?.success)}</td>` +
    `<td class="number">${rate(figures.after?.success)}${figures.after?.phase === "best rejected" ? ` <span class="muted">best</span>` : ""}</td>` +
    `<td class="number">${Math.max(0, task.written - 1)}</td><td class="number">${costText(task.cost)}</td></tr>`
  );
}

/** A task's cost in one cell: rollouts, env steps, wall time in the rig loop, and tokens when any were spent. */
function costText(cost: CostRecord | null): string {
  if (!cost) return "—";
  const tokens = totalTokens(cost.policyTokens) + totalTokens(cost.designerTokens);
  return escapeHtml(
    `${cost.rollouts} rollouts, ${cost.envSteps} steps, ${(cost.wallMs / 1000).toFixed(1)} s${tokens > 0 ? `, ${tokens} tokens` : ""}`,
  );
}

/**
 * The whole report page of a run: one self-contained HTML document (inline stylesheet,
 * inline SVG charts, no script, a content security policy that forbids loading anything)
 * with the run's configuration and summary, the per-task charts, the learning curves when
 * present, and a section per task. Every string from the run is escaped.
 */
export function renderReportHtml(run: RunRecord, tasks: FiguredTask[], charts: ReportCharts): string {
  const { config, result } = run;
  const anchors = tasks.map((_, index) => `task-${index + 1}`);
  const count = (outcome: FiguredTask["task"]["outcome"]) =>
    tasks.filter(({ task }) => task.outcome === outcome).length;
  const status = result
    ? `finished in ${(result.durationMs / 1000).toFixed(1)} s`
    : "not finished (running, or stopped before the end)";
  const spent = addCosts(...tasks.flatMap(({ task }) => (task.cost ? [task.cost] : [])));
  const accepted = count("accepted");
  const tokens = totalTokens(spent.policyTokens) + totalTokens(spent.designerTokens);
  const cards = [
    card(tasks.length, result ? "tasks" : "tasks started"),
    card(count("accepted"), "accepted"),
    card(count("rejected"), "rejected"),
    card(count("skipped"), "skipped (already in band)"),
    ...(result ? [] : [card(count(null), "unfinished")]),
    ...(result && config.target.successBand
      ? [card(`${result.summary.inBandBefore} → ${result.summary.inBandAfter}`, "in the success band, before → after")]
      : []),
    card(spent.rollouts, "rollouts spent"),
    ...(accepted > 0 ? [card((spent.rollouts / accepted).toFixed(1), "rollouts per accepted env")] : []),
    ...(tokens > 0 && accepted > 0 ? [card((tokens / accepted).toFixed(0), "tokens per accepted env")] : []),
    ...(result && result.summary.notRigged > 0
      ? [card(result.summary.notRigged, "not rigged (run budget spent)")]
      : []),
  ];
  const meta: Array<[string, string]> = [
    ["environment", config.env],
    ["policy", config.policy],
    ["designer", config.designer],
    ["target", targetText(config.target)],
    ["promise", promiseText(config)],
    ["split / tasks", config.taskIds ? `${config.split}: ${config.taskIds.join(", ")}` : config.split],
    [
      "rollouts",
      `K=${config.k} per batch, at most ${config.kMax} per validation; ${config.revisions} revisions after the first candidate; seed ${config.seed}` +
        (config.budgetRollouts === undefined ? "" : `; budget ${config.budgetRollouts} per task`) +
        (config.budgetTotal === undefined ? "" : `; budget ${config.budgetTotal} for the run`),
    ],
    ["run directory", run.directory],
    ["candidates", config.candidatesDir],
  ];
  return `${pageHead(`envrigger run ${config.runId}`)}
<body>
<main>
<h1>envrigger run <code>${escapeHtml(config.runId)}</code></h1>
<p class="subtitle">${escapeHtml(config.env)} · policy ${escapeHtml(config.policy)} · designer ${escapeHtml(config.designer)} — ${status}</p>
<dl class="meta">${meta.map(([term, value]) => `<dt>${term}</dt><dd>${escapeHtml(value)}</dd>`).join("")}</dl>
<div class="cards">${cards.join("")}</div>
${tasks.length === 0 ? `<p>No task has recorded anything yet.</p>` : ""}
${chartSection("Success rate", charts.success, "Points are estimates, bars their 95% Wilson intervals; grey is the unmodified env, green the accepted stack (validation rollouts), orange a rejected task's closest revision; the shaded strip is the target band.")}
${chartSection("Mean steps", charts.steps, "Mean policy steps per episode with 95% intervals (mean ± 1.96·sd/√n, as the decision rule uses); the shaded strip is the target steps band. A rejected task's closest revision keeps too few episodes for an interval.")}
${chartSection("Revisions", charts.candidates, "Every candidate the designer wrote, by what the numeric decision rule did with it: accept, refine (back to the designer with the signed distance to the band), reject, or refused at check (static check, load or setup replay failed; it never ran).")}
${chartSection("Stop reasons", charts.stopReasons, "How episodes ended, as a share of each batch: the baseline rollouts, then the accepted stack's validation rollouts (or a rejected task's closest revision).")}
${chartSection("Cost", charts.cost, "Rollouts each task spent: observing the unmodified env (baseline), then validating its candidates (validation and confirmation batches). The table below gives env steps, wall time in the rig loop and tokens too.")}
${chartSection("Learning curves", charts.curves, "From the run's curves.json.")}
${tasks.length > 0 ? `<h2>Tasks</h2><div class="table-wrap"><table><thead><tr><th>task</th><th>group</th><th>outcome</th><th>baseline success</th><th>after</th><th>revisions</th><th>cost</th></tr></thead><tbody>${tasks.map((task, index) => overviewRow(task, anchors[index]!)).join("")}</tbody></table></div>` : ""}
${tasks.map(({ task, figures }, index) => renderTaskSection({ task, figures, charts: charts.revisions.get(task.config.taskId) ?? [], anchor: anchors[index]! })).join("\n")}
<p class="muted">Written by envrigger ${escapeHtml(packageVersion())} from the run's run.json, result.json and checkpoints.</p>
</main>
</body>
</html>
`;
}
