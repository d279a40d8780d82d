import { type Command, Option } from "commander";
import type { z } from "zod";
import { EnvriggerError } from "../core/errors.js";
import type { Setting } from "../core/setting.js";
import { parseEnvOptions } from "./env-options.js";
import { parseBand, parseChoice, parseDecimal, parseInteger, parseProbability } from "./parse-arguments.js";

/** Commander's name for a flag's value: `--k-max` → `kMax`. */
export function attributeOf(flag: string): string {
  return flag.slice(2).replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/** A setting's `--help` line: its help and its default. */
export function settingHelp(setting: Setting): string {
  const shown =
    setting.defaultText ??
    (setting.default === undefined || (typeof setting.default === "object" && setting.default !== null)
      ? undefined
      : String(setting.default));
  return shown === undefined ? setting.help : `${setting.help} (default ${shown})`;
}

/**
 * Add `table`'s settings (all, or the `only` ones) to `command` as options, with their help
 * and defaults from the table; commander applies no default, so an absent option stays
 * absent and the settings' schema applies the default (once, in one place).
 */
export function settingOptions<T extends Record<string, Setting>>(
  command: Command,
  table: T,
  only?: ReadonlyArray<keyof T>,
): Command {
  for (const [name, setting] of Object.entries(table)) {
    if (only && !only.includes(name)) continue;
    const option = new Option(`${setting.flag} ${setting.value}`, settingHelp(setting));
    if (setting.kind === "key-value")
      option.argParser((value: string, previous?: string[]) => [...(previous ?? []), value]);
    command.addOption(option);
  }
  return command;
}

/** A setting's value from its command-line text (a key-value setting's: every occurrence). */
function parseSetting(setting: Setting, text: string | string[]): unknown {
  const value = Array.isArray(text) ? text.join(",") : text;
  switch (setting.kind) {
    case "integer":
      return parseInteger(value, setting.flag, setting.limit);
    case "decimal":
      return parseDecimal(value, setting.flag, setting.limit);
    case "probability":
      return parseProbability(value, setting.flag);
    case "band":
      return parseBand(value, setting.flag, setting.limit?.maximum ?? 1);
    case "list":
      return value
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean);
    case "key-value":
      return parseEnvOptions(Array.isArray(text) ? text : [text]);
    case "choice":
      return parseChoice(value, setting.flag, setting.choices ?? []);
    case "text":
      return value;
  }
}

/**
 * The settings of `table` given on the command line, parsed and checked against each
 * setting's schema (a bad value is a user error naming the flag); settings not given are
 * absent.
 */
export function settingsFromOptions<T extends Record<string, Setting>>(
  options: Record<string, unknown>,
  table: T,
): { [K in keyof T]?: z.output<T[K]["schema"]> } {
  const settings: Record<string, unknown> = {};
  for (const [name, setting] of Object.entries(table)) {
    const text = options[attributeOf(setting.flag)];
    if (text === undefined) continue;
    const value = parseSetting(setting, text as string | string[]);
    const checked = setting.schema.safeParse(value);
    if (!checked.success)
      throw new EnvriggerError(
        "BAD_ARGUMENT",
        `${setting.flag} ${setting.value}: ${checked.error.issues[0]?.message ?? "invalid"}, got ${JSON.stringify(text)}`,
        { hint: setting.help },
      );
    settings[name] = checked.data;
  }
  return settings as { [K in keyof T]?: z.output<T[K]["schema"]> };
}
