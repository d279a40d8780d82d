import { escapeHtml } from "./escape-html.js";
import { reportStyles } from "./report-styles.js";

/**
 * The report pages' content security policy: nothing may load or run — no scripts, no
 * network, no fonts — only the inline stylesheet and inline SVG. A report is a document,
 * not an app.
 */
const contentSecurityPolicy =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

/** A titled chart with its caption (nothing when there is no chart). `title` and `caption` are trusted HTML. */
export function chartSection(title: string, svg: string | null, caption: string): string {
  if (!svg) return "";
  return `<h2>${title}</h2><p class="caption">${caption}</p><div class="chart">${svg}</div>`;
}

/** A summary card: a big number and its label (both escaped). */
export function card(value: string | number, label: string): string {
  return `<div class="card"><div class="number">${escapeHtml(String(value))}</div><div class="label">${escapeHtml(label)}</div></div>`;
}

/** A report page's doctype and head: the content security policy, the title (escaped) and the inline stylesheet. */
export function pageHead(title: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${reportStyles}</style>
</head>`;
}
