import type { Setting } from "../rigger/rig-settings.js";
import { settingHelp } from "./setting-options.js";

/** The markers around the generated settings table in docs/getting-started.md. */
export const SETTINGS_TABLE_MARKERS = {
  start: "<!-- settings table: generated from src/rigger/rig-settings.ts by scripts/generate-settings-docs.ts -->",
  end: "<!-- end of settings table -->",
} as const;

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
