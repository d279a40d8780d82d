import type { Setting } from "../core/setting.js";
import { curriculumSettingTable, rigSettingTable } from "../rigger/rig-settings.js";
import { experimentSettingTable } from "../rl/experiment-settings.js";
import { trainingSettingTable } from "../rl/training-settings.js";
import { settingHelp } from "./setting-options.js";

/** The markers around a generated settings table in a docs page, naming the file that declares its settings. */
function tableMarkers(declaredIn: string): { start: string; end: string } {
  return {
    start: `<!-- settings table: generated from ${declaredIn} by scripts/generate-settings-docs.ts -->`,
    end: "<!-- end of settings table -->",
  };
}

/** The markers around the generated settings table in docs/getting-started.md. */
export const SETTINGS_TABLE_MARKERS = tableMarkers("src/rigger/rig-settings.ts");

/**
 * Every generated settings table of the docs: the page, its markers and the tables it
 * shows — rig and curriculum in docs/getting-started.md, train and experiment in
 * docs/learning.md.
 */
export const GENERATED_SETTINGS_TABLES: ReadonlyArray<{
  page: string;
  markers: { start: string; end: string };
  tables: ReadonlyArray<Record<string, Setting>>;
}> = [
  {
    page: "docs/getting-started.md",
    markers: SETTINGS_TABLE_MARKERS,
    tables: [rigSettingTable, curriculumSettingTable],
  },
  {
    page: "docs/learning.md",
    markers: tableMarkers("src/rl/training-settings.ts and src/rl/experiment-settings.ts"),
    tables: [trainingSettingTable, experimentSettingTable],
  },
];

function cell(text: string): string {
  return text.replace(/\|/g, "\\|");
}

/**
 * The settings of `tables` as one Markdown table — flag, field, help with its default,
 * range — the docs' flag table, generated from the settings' one declaration.
 */
export function settingsMarkdown(tables: ReadonlyArray<Record<string, Setting>>): string {
  const rows = tables.flatMap((table) =>
    Object.entries(table).map(([name, setting]) => {
      const range = setting.limit ? `${setting.limit.minimum}–${setting.limit.maximum}` : "";
      return `| \`${setting.flag} ${setting.value}\` | \`${name}\` | ${cell(settingHelp(setting))} | ${range} |`;
    }),
  );
  return ["| flag | field | meaning (default) | range |", "| --- | --- | --- | --- |", ...rows].join("\n");
}
