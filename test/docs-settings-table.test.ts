import { describe, expect, it } from "vitest";
import { SETTINGS_TABLE_MARKERS, settingsMarkdown } from "../src/cli/settings-markdown.js";
import { curriculumSettingTable, rigSettingTable } from "../src/rigger/rig-settings.js";
import { readDocument } from "./helpers/markdown-docs.js";

describe("the docs' settings table", () => {
  it("is the one generated from the settings' declaration (regenerate: node --import tsx scripts/generate-settings-docs.ts)", () => {
    const page = readDocument("docs/getting-started.md");
    const start = page.indexOf(SETTINGS_TABLE_MARKERS.start);
    const end = page.indexOf(SETTINGS_TABLE_MARKERS.end);
    expect(start).toBeGreaterThan(0);
    const written = page.slice(start + SETTINGS_TABLE_MARKERS.start.length, end).trim();
    expect(written).toBe(settingsMarkdown([rigSettingTable, curriculumSettingTable]));
  });

  it("names every setting's flag once, with its range where it has one", () => {
    const table = settingsMarkdown([rigSettingTable, curriculumSettingTable]);
    expect(table).toContain("| `--k-max <n>` | `kMax` |");
    expect(table).toContain(`(default ${rigSettingTable.kMax.default}) | 1–100000 |`);
    expect(table.match(/\| `--task-concurrency /g)).toHaveLength(1);
  });
});
