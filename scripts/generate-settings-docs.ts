// Writes the settings tables of the docs (docs/getting-started.md: rig and curriculum;
// docs/learning.md: train and experiment) from their one declaration:
// `node --import tsx scripts/generate-settings-docs.ts`. test/docs-settings-table.test.ts
// fails when a page's table is stale.
import { readFileSync, writeFileSync } from "node:fs";
import { GENERATED_SETTINGS_TABLES, settingsMarkdown } from "../src/cli/settings-markdown.js";

for (const { page, markers, tables } of GENERATED_SETTINGS_TABLES) {
  const path = new URL(`../${page}`, import.meta.url);
  const text = readFileSync(path, "utf8");
  const start = text.indexOf(markers.start);
  const end = text.indexOf(markers.end);
  if (start < 0 || end < start) throw new Error(`${page} has no settings table markers`);
  writeFileSync(path, `${text.slice(0, start)}${markers.start}\n${settingsMarkdown(tables)}\n${text.slice(end)}`);
}
