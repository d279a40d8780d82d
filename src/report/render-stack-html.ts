import { formatAction } from "../core/action.js";
import type { CandidateLayer } from "../designer/candidate.js";
import { escapeHtml } from "./escape-html.js";
import { highlightTypeScript } from "./highlight-typescript.js";

function layerHtml(layer: CandidateLayer, index: number): string {
  if (layer.kind === "setup") {
    const actions = layer.actions.map((action) => `<li><code>${escapeHtml(formatAction(action))}</code></li>`).join("");
    return `<h5>Layer ${index} · Setup — ${layer.actions.length} action${layer.actions.length === 1 ? "" : "s"} replayed after reset</h5><ol class="actions">${actions}</ol>`;
  }
  const name = layer.name ? ` ${escapeHtml(layer.name)}` : "";
  return `<h5>Layer ${index} · Rules${name}</h5><pre class="code"><code>${highlightTypeScript(layer.source)}</code></pre>`;
}

/**
 * A candidate's harness stack as HTML, innermost layer first (the order they wrap the
 * base env): Setup layers as their replayed actions, Rules layers as their TypeScript
 * source, syntax-highlighted and escaped.
 */
export function renderStackHtml(layers: CandidateLayer[]): string {
  return `<div class="stack">${layers.map(layerHtml).join("")}</div>`;
}
