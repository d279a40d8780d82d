import { packageVersion } from "../core/package-version.js";
import type { CoevolutionRound } from "../run-format/coevolution-round.js";
import type { HeldOutPoint } from "../rl/evaluate-held-out.js";
import { escapeHtml } from "./escape-html.js";
import type { LearningRunRecord, TrainingRunRecord } from "./read-learning-run.js";
import { card, chartSection, pageHead } from "./report-html-parts.js";

const rate = (value: number | null) => (value === null ? "—" : value.toFixed(2));
const interval = (point: HeldOutPoint) =>
  `[${point.successInterval[0].toFixed(2)}, ${point.successInterval[1].toFixed(2)}]`;

function row(cells: Array<string | number>, numeric: readonly number[] = []): string {
  return `<tr>${cells.map((cell, index) => `<td${numeric.includes(index) ? ' class="number"' : ""}>${escapeHtml(String(cell))}</td>`).join("")}</tr>`;
}

function table(head: string[], rows: string[]): string {
  return `<div class="table-wrap"><table><thead><tr>${head.map((cell) => `<th>${escapeHtml(cell)}</th>`).join("")}</tr></thead><tbody>${rows.join("")}</tbody></table></div>`;
}

/** Each run's held-out evaluations: one row per run, one column per evaluated update. */
function evaluationsTable(runs: readonly TrainingRunRecord[]): string {
  const updates = [...new Set(runs.flatMap((run) => run.curve.map((point) => point.update)))].sort(
    (left, right) => left - right,
  );
  if (updates.length === 0) return "<p>No held-out evaluation recorded yet.</p>";
  const rows = runs.map((run) => {
    const cells = updates.map((update) => {
      const point = run.curve.find((candidate) => candidate.update === update);
      return point
        ? `${rate(point.successRate)}${point.publicPassRate === null ? "" : ` / ${rate(point.publicPassRate)}`}`
        : "—";
    });
    return row(
      [run.label, ...cells],
      updates.map((_, index) => index + 1),
    );
  });
  return table(["run", ...updates.map((update) => `update ${update}`)], rows);
}

/** Each run's final held-out point with its interval, and its status. */
function finalsTable(runs: readonly TrainingRunRecord[]): string {
  const rows = runs.map((run) => {
    const final = run.curve.at(-1);
    const status = run.finished
      ? `finished${run.durationMs === null ? "" : ` in ${(run.durationMs / 1000).toFixed(1)} s`}`
      : "not finished";
    return row(
      [
        run.label,
        run.config.source.kind,
        `${run.updatesDone} / ${run.config.grpo.updates}`,
        final ? rate(final.successRate) : "—",
        final ? interval(final) : "—",
        final ? rate(final.publicPassRate) : "—",
        final ? final.trainingEpisodes : 0,
        status,
      ],
      [2, 3, 5, 6],
    );
  });
  return table(
    ["run", "source", "updates", "held-out success", "95% Wilson", "public pass", "training episodes", "status"],
    rows,
  );
}

/** How many accepted stacks carried each list of layers, most frequent first. */
function layerSummary(round: CoevolutionRound): string {
  const counts = new Map<string, number>();
  for (const entry of round.accepted) {
    const key = entry.layers.join(" + ") || "(no layers)";
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return (
    [...counts.entries()]
      .sort((left, right) => right[1] - left[1])
      .map(([layers, count]) => `${count}× ${layers}`)
      .join("; ") || "—"
  );
}

/** The co-evolution rounds of every run that has them. */
function roundsSection(runs: readonly TrainingRunRecord[]): string {
  const withRounds = runs.filter((run) => run.rounds.length > 0);
  if (withRounds.length === 0) return "";
  const rows = withRounds.flatMap((run) =>
    run.rounds.map((round) =>
      row(
        [
          run.label,
          round.round,
          round.update,
          round.accepted.length,
          round.rejected.length,
          round.skipped.length,
          `${round.guarded.length}${round.guardedEnvWide ? " + every other (pooled)" : ""}`,
          round.stackedTasks,
          round.cost.total.rollouts,
          layerSummary(round),
          (round.durationMs / 1000).toFixed(1),
          round.runDirectory,
        ],
        [1, 2, 3, 4, 5, 6, 7, 8, 10],
      ),
    ),
  );
  return (
    `<h2>Co-evolution rounds</h2><p class="caption">Each round froze the policy after <em>update</em> updates and rigged the train tasks against it. ` +
    `Guarded: tasks whose episodes showed a reward shortcut (reward paid, verdict failed) and train under the Rules layer that refuses it; ` +
    `"every other (pooled)": the round's episodes of all tasks together showed it, so every other task trains under that Rules layer too. ` +
    `Stacked: tasks training on a stack after the round. Rollouts: what the round's rigging spent (its rig run's cost; env steps, time and tokens are in its result.json). Each round's rig directory is a curriculum run: <code>envrigger report &lt;rig&gt;</code> renders it.</p>` +
    table(
      [
        "run",
        "round",
        "update",
        "accepted",
        "rejected",
        "skipped",
        "guarded",
        "stacked",
        "rollouts",
        "accepted stacks' layers",
        "seconds",
        "rig directory",
      ],
      rows,
    )
  );
}

function page(title: string, subtitle: string, meta: Array<[string, string]>, cards: string[], body: string): string {
  return `${pageHead(title)}
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p class="subtitle">${escapeHtml(subtitle)}</p>
<dl class="meta">${meta.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join("")}</dl>
<div class="cards">${cards.join("")}</div>
${body}
<p class="muted">Written by envrigger ${escapeHtml(packageVersion())} from the run's configuration, curves.json, result.json, checkpoint and round records.</p>
</main>
</body>
</html>
`;
}

/**
 * The report page of a training or experiment directory: its configuration, the learning
 * curves (`curves.json`, or for an unfinished training run the same curves from its
 * checkpoint), every run's held-out evaluations and final numbers, and the co-evolution
 * rounds. One self-contained document like the curriculum report; every string is escaped.
 */
export function renderLearningReportHtml(record: LearningRunRecord, curvesSvg: string | null): string {
  const runs = record.kind === "training" ? [record.run] : record.runs;
  const curveCaption =
    record.kind === "experiment"
      ? "Held-out success of the original env under its own verdict, per arm (mean over seeds, and each seed), every k updates; with a public-test reward also the held-out public pass rate."
      : "Held-out success (and public pass, where the env reports it) every k updates, and the mean training reward per update.";
  const body = `${chartSection("Learning curves", curvesSvg, curveCaption)}
<h2>Final held-out numbers</h2>${finalsTable(runs)}
<h2>Held-out evaluations</h2><p class="caption">Success${runs.some((run) => run.curve.some((point) => point.publicPassRate !== null)) ? " / public pass" : ""} at each evaluated update.</p>${evaluationsTable(runs)}
${roundsSection(runs)}`;
  if (record.kind === "training") {
    const { config } = record.run;
    const final = record.run.curve.at(-1);
    const meta: Array<[string, string]> = [
      ["environment", config.env],
      ["policy", config.policy],
      [
        "source",
        config.source.kind === "stacks"
          ? `stacks: ${config.source.path}`
          : config.source.kind === "coevolve"
            ? `co-evolution every ${config.source.every} updates (designer ${config.source.designer})`
            : "original tasks",
      ],
      [
        "reward",
        config.rewardSource === "evaluation"
          ? "the env's verdict"
          : `the env's reward${typeof config.envOptions.reward === "string" ? ` (${config.envOptions.reward})` : ""}`,
      ],
      [
        "GRPO",
        `${config.grpo.updates} updates × ${config.grpo.tasksPerUpdate} tasks × G ${config.grpo.group}; learning rate ${config.grpo.learningRate}, entropy ${config.grpo.entropyCoefficient}; seed ${config.grpo.seed}`,
      ],
      [
        "evaluation",
        `every ${config.evaluation.every} updates, ${config.evaluation.episodes} episodes per ${config.evaluation.split} task`,
      ],
      ["run directory", record.directory],
    ];
    const cards = [
      card(`${record.run.updatesDone} / ${config.grpo.updates}`, "updates"),
      card(final ? rate(final.successRate) : "—", "held-out success (last)"),
      ...(final?.publicPassRate == null ? [] : [card(rate(final.publicPassRate), "held-out public pass (last)")]),
      ...(record.run.rounds.length > 0 ? [card(record.run.rounds.length, "co-evolution rounds")] : []),
    ];
    return page(
      `envrigger training run ${config.runId}`,
      `${config.env} · ${config.source.kind} — ${record.run.finished ? "finished" : "not finished (running, or stopped before the end)"}`,
      meta,
      cards,
      body,
    );
  }
  const { config, result } = record;
  const meta: Array<[string, string]> = [
    ["environment", config.env],
    [
      "arms",
      "original: trained on the original train tasks; harness: trained on co-evolved harness stacks of the same tasks",
    ],
    [
      "reward",
      config.rewardSource === "evaluation"
        ? "the env's verdict"
        : `the env's reward${typeof config.envOptions.reward === "string" ? ` (${config.envOptions.reward})` : ""}`,
    ],
    [
      "GRPO",
      `${config.grpo.updates} updates × ${config.grpo.tasksPerUpdate} tasks × G ${config.grpo.group} per arm and seed; seeds 0…${config.seeds - 1}`,
    ],
    [
      "co-evolution",
      `every ${config.coevolution.every} updates; designer ${config.coevolution.designer}; K ${config.coevolution.k}, k-max ${config.coevolution.kMax}; ${config.coevolution.revisions} revisions`,
    ],
    [
      "evaluation",
      `every ${config.evaluation.every} updates, ${config.evaluation.episodes} episodes per ${config.evaluation.split} task of the original env`,
    ],
    ["run directory", record.directory],
  ];
  const spread = (label: string, difference: { mean: number; standardDeviation: number } | null | undefined) =>
    difference
      ? [
          card(
            `${difference.mean >= 0 ? "+" : ""}${difference.mean.toFixed(2)} ± ${difference.standardDeviation.toFixed(2)}`,
            label,
          ),
        ]
      : [];
  const cards = [
    card(`${runs.filter((run) => run.finished).length} / ${config.seeds * 2}`, "training runs finished"),
    ...spread("harness − original held-out success (mean ± sd over seeds)", result?.difference),
    ...spread("harness − original public pass", result?.publicPassDifference),
  ];
  return page(
    `envrigger experiment ${config.runId}`,
    `${config.env} · ${config.seeds} seed(s) — ${result ? `finished in ${(result.durationMs / 1000).toFixed(1)} s` : "not finished (running, or stopped before the end)"}`,
    meta,
    cards,
    body,
  );
}
