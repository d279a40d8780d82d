const replacements: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/**
 * Escape text for HTML element content and quoted attribute values: `&`, `<`, `>`, `"`
 * and `'` become entities. Everything a run recorded (observations, actions, designer
 * text, Rules sources, task ids) goes through this before it reaches the report.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => replacements[character]!);
}
