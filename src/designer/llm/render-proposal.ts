import { formatAction } from "../../core/action.js";
import type { CandidateProposal } from "../candidate.js";

/** A proposal as prompt text: the rationale, then each layer (setup actions, rules source). */
export function renderProposal(proposal: CandidateProposal): string {
  const layers = proposal.layers.map((layer, index) => {
    if (layer.kind === "setup") {
      return `layer ${index} (setup, innermost first): replays ${layer.actions.map((action) => formatAction(action)).join(" → ")}`;
    }
    return [`layer ${index} (rules${layer.name ? ` "${layer.name}"` : ""}):`, "```ts", layer.source, "```"].join("\n");
  });
  return [`rationale: ${proposal.rationale}`, ...layers].join("\n");
}
