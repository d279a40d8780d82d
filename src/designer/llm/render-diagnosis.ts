import type { Diagnosis } from "../designer.js";

/** A diagnosis as prompt text: direction, weaknesses with evidence and severity, the text. */
export function renderDiagnosis(diagnosis: Diagnosis): string {
  const weaknesses =
    diagnosis.weaknesses.length === 0
      ? "- (none named)"
      : diagnosis.weaknesses
          .map((weakness) => `- ${weakness.id} (severity ${weakness.severity.toFixed(2)}): ${weakness.evidence}`)
          .join("\n");
  return [`direction: ${diagnosis.direction}`, "weaknesses:", weaknesses, "", diagnosis.text].join("\n");
}
