import type { StoredMemoryItem } from "./memory-item.js";

function wrap(text: string, indent: string, width = 92): string {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    if (line.length > 0 && indent.length + line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line.length === 0 ? word : `${line} ${word}`;
  }
  if (line.length > 0) lines.push(line);
  return lines.map((text, index) => (index === 0 ? text : `${indent}${text}`)).join("\n");
}

/**
 * A bank's items for people: numbered, each with its title, a provenance line (source,
 * status, env, how many tasks and stacks), when it applies, what to do, and the evidence.
 */
export function formatSkillBank(items: readonly StoredMemoryItem[], title?: string): string {
  const lines = [`${title ?? "skill bank"} · ${items.length} item${items.length === 1 ? "" : "s"}`];
  items.forEach((item, index) => {
    const { provenance } = item;
    const tasks =
      provenance.taskIds.length === 1 ? `task ${provenance.taskIds[0]}` : `${provenance.taskIds.length} tasks`;
    const stacks =
      provenance.stacks.length === 1 ? `stack ${provenance.stacks[0]}` : `${provenance.stacks.length} stacks`;
    lines.push(
      "",
      `${index + 1}. ${item.title}   [${provenance.extractor} · ${provenance.status} · ${provenance.envId} · ${tasks} · ${stacks}]`,
      `   when:     ${wrap(item.description, "             ")}`,
      `   do:       ${wrap(item.content, "             ")}`,
      `   evidence: ${wrap(provenance.evidence, "             ")}`,
    );
  });
  return `${lines.join("\n")}\n`;
}
