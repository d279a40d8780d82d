import type { Target } from "../target.js";

/** A target as prompt text: every condition the rigged env must meet, one per line. */
export function renderTarget(target: Target): string {
  const lines: string[] = [];
  if (target.successBand) {
    const [low, high] = target.successBand;
    lines.push(`- the policy's success rate must land in [${low.toFixed(2)}, ${high.toFixed(2)}]`);
  }
  if (target.stepsBand) {
    const [low, high] = target.stepsBand;
    lines.push(`- the policy's mean number of turns must land in [${low}, ${high}]`);
  }
  if (target.weakness)
    lines.push(
      `- make this weakness decisive (episodes that show it should fail, others can succeed): ${target.weakness}`,
    );
  lines.push("All listed conditions must hold at once.");
  return lines.join("\n");
}
