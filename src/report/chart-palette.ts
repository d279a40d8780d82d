/**
 * The colours of the report's charts: a phase (baseline / after rigging), a decision of
 * the rule, a stop reason and the target band always look the same wherever they appear.
 */
export const chartPalette = {
  band: "#16a34a",
  phases: { baseline: "#6b7280", accepted: "#15803d", "best rejected": "#c2410c" },
  decisions: { accept: "#15803d", refine: "#2563eb", reject: "#b91c1c", "refused at check": "#9ca3af" },
  costPhases: { baseline: "#6b7280", candidates: "#2563eb" },
  stopReasons: { submit: "#2563eb", terminated: "#0891b2", budget: "#d97706", timeout: "#9333ea", error: "#b91c1c" },
} as const;

/**
 * The domain and range of an ordinal colour scale over one of the palette's groups, in the
 * palette's order, limited to the values a chart shows (so legends list only those).
 */
export function colorScaleOf(
  group: Readonly<Record<string, string>>,
  shown: readonly string[],
): { domain: string[]; range: string[] } {
  const entries = Object.entries(group).filter(([value]) => shown.includes(value));
  return { domain: entries.map(([value]) => value), range: entries.map(([, color]) => color) };
}
