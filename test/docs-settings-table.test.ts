import { describe, expect, it } from "vitest";
import { GENERATED_SETTINGS_TABLES, settingsMarkdown } from "../src/cli/settings-markdown.js";
import { curriculumSettingTable, rigSettingTable } from "../src/rigger/rig-settings.js";
import { trainingSettingTable } from "../src/rl/training-settings.js";
import { readDocument } from "./helpers/markdown-docs.js";

describe("the docs' settings tables", () => {
  it.each(GENERATED_SETTINGS_TABLES)(
    "$page's is the one generated from the settings' declaration (regenerate: node --import tsx scripts/generate-settings-docs.ts)",
    ({ page, markers, tables }) => {
      const text = readDocument(page);
      const start = text.indexOf(markers.start);
      const end = text.indexOf(markers.end, start);
      expect(start).toBeGreaterThan(0);
      const written = text.slice(start + markers.start.length, end).trim();
      expect(written).toBe(settingsMarkdown(tables));
    },
  );

  it("names every setting's flag once, with its range where it has one", () => {
    const table = settingsMarkdown([rigSettingTable, curriculumSettingTable]);
    expect(table).toContain("| `--k-max <n>` | `kMax` |");
    expect(table).toContain(`(default ${rigSettingTable.kMax.default}) | 1–100000 |`);
    expect(table.match(/\| `--task-concurrency /g)).toHaveLength(1);
  });

  it("the training table shows the defaults train and experiment apply", () => {
    const [, learning] = GENERATED_SETTINGS_TABLES;
    const table = settingsMarkdown(learning!.tables);
    expect(table).toContain(
      `| \`--updates <n>\` | \`updates\` | policy updates (per arm and seed in an experiment) (default ${trainingSettingTable.updates.default}) | 1–100000 |`,
    );
    expect(table).toContain("| `--arms <list>` | `arms` |");
    expect(table).toContain("(default original,harness,reverse)");
  });
});
