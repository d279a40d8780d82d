/**
 * The report's whole stylesheet, inlined into the page: system fonts only, light theme,
 * tables and code blocks that scroll rather than overflow, print-friendly.
 */
export const reportStyles = `
:root { color-scheme: light; --ink: #111827; --muted: #6b7280; --line: #e5e7eb; --soft: #f8fafc; --accent: #1d4ed8; --good: #15803d; --bad: #b91c1c; --warn: #c2410c; --changed: #fef3c7; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #f3f4f6; }
main { max-width: 1280px; margin: 0 auto; padding: 24px 28px 64px; background: #ffffff; min-height: 100vh; }
h1 { font-size: 24px; margin: 0 0 4px; }
h2 { font-size: 19px; margin: 36px 0 10px; padding-bottom: 4px; border-bottom: 2px solid var(--line); }
h3 { font-size: 17px; margin: 0 0 8px; display: flex; gap: 10px; align-items: center; flex-wrap: wrap; }
h4 { font-size: 14px; margin: 20px 0 6px; text-transform: uppercase; letter-spacing: 0.04em; color: #374151; }
h5 { font-size: 13px; margin: 12px 0 4px; color: #374151; }
p { margin: 6px 0; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; font-size: 12.5px; }
.subtitle { color: var(--muted); margin: 0 0 16px; }
.meta { display: grid; grid-template-columns: max-content 1fr; gap: 2px 16px; margin: 12px 0; }
.meta dt { color: var(--muted); }
.meta dd { margin: 0; overflow-wrap: anywhere; }
.cards { display: flex; flex-wrap: wrap; gap: 12px; margin: 16px 0; }
.card { border: 1px solid var(--line); border-radius: 8px; padding: 10px 14px; min-width: 120px; background: var(--soft); }
.card .number { font-size: 22px; font-weight: 600; }
.card .label { color: var(--muted); font-size: 12px; }
.chart { overflow-x: auto; margin: 8px 0 4px; }
.chart svg { max-width: 100%; height: auto; }
.charts { display: flex; flex-wrap: wrap; gap: 8px 24px; align-items: flex-start; }
.caption { color: var(--muted); font-size: 12.5px; margin: 0 0 12px; }
.badge { display: inline-block; white-space: nowrap; padding: 1px 8px; border-radius: 999px; font-size: 12px; font-weight: 600; color: #ffffff; background: var(--muted); }
.badge.accepted { background: var(--good); }
.badge.rejected { background: var(--bad); }
.badge.skipped { background: var(--accent); }
.badge.unfinished { background: var(--warn); }
.group { color: var(--muted); font-weight: 400; font-size: 13px; }
.task { border: 1px solid var(--line); border-radius: 10px; padding: 16px 18px; margin: 20px 0; }
.numbers { color: #374151; }
.table-wrap { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; margin: 6px 0; }
th, td { border: 1px solid var(--line); padding: 4px 8px; text-align: left; vertical-align: top; }
th { background: var(--soft); font-weight: 600; white-space: nowrap; }
td.number { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
td.message { min-width: 280px; }
td.parameters { min-width: 240px; }
td.parameters code { font-size: 12px; overflow-wrap: anywhere; }
tr.changed > td { background: var(--changed); }
.prose { white-space: pre-wrap; overflow-wrap: anywhere; background: var(--soft); border: 1px solid var(--line); border-radius: 6px; padding: 8px 10px; margin: 4px 0; font-family: inherit; font-size: 13px; }
pre.text { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0; max-height: 14em; overflow-y: auto; }
pre.code { background: #0f172a; color: #e2e8f0; border-radius: 6px; padding: 10px 12px; overflow-x: auto; line-height: 1.45; margin: 4px 0; }
.tok-keyword { color: #c084fc; }
.tok-string { color: #86efac; }
.tok-number { color: #fdba74; }
.tok-comment { color: #94a3b8; font-style: italic; }
.tok-regex { color: #f9a8d4; }
.blocked { color: var(--bad); font-weight: 600; }
.rewritten { color: var(--warn); font-weight: 600; }
.muted { color: var(--muted); }
.examples { display: grid; grid-template-columns: 1fr; gap: 16px; }
figure.trajectory { margin: 0; }
figure.trajectory figcaption { font-weight: 600; margin-bottom: 4px; }
ol.actions { margin: 4px 0; padding-left: 24px; }
nav.toc a { margin-right: 12px; }
a { color: var(--accent); }
@media print { body { background: #ffffff; } main { padding: 0; } .task { break-inside: avoid; } }
`;
