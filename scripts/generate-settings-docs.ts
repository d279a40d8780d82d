// Writes the settings table of docs/getting-started.md from src/rigger/rig-settings.ts:
// `node --import tsx scripts/generate-settings-docs.ts`. test/docs-settings-table.test.ts
// fails when the page's table is stale.
import { readFileSync, writeFileSync } from "node:fs";
import { settingsMarkdown, SETTINGS_TABLE_MARKERS } from "../src/cli/settings-markdown.js";
import { curriculumSettingTable, rigSettingTable } from "../src/rigger/rig-settings.js";

const path = new URL("../docs/getting-started.md", import.meta.url);
const page = readFileSync(path, "utf8");
const start = page.indexOf(SETTINGS_TABLE_MARKERS.start);
const end = page.indexOf(SETTINGS_TABLE_MARKERS.end);
if (start < 0 || end < start) throw new Error("docs/getting-started.md has no settings table markers");
const table = settingsMarkdown([rigSettingTable, curriculumSettingTable]);
writeFileSync(path, `${page.slice(0, start)}${SETTINGS_TABLE_MARKERS.start}\n${table}\n${page.slice(end)}`);
