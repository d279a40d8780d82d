import type { Command } from "commander";
import { targetOf } from "../curriculum/curriculum-settings.js";
import type { Target } from "../designer/target.js";
import { rigSettingTable } from "../rigger/rig-settings.js";
import { settingOptions, settingsFromOptions } from "./setting-options.js";

const targetSettings = {
  band: rigSettingTable.band,
  bandSteps: rigSettingTable.bandSteps,
  weakness: rigSettingTable.weakness,
};

/** Add the three target settings (`--band`, `--band-steps`, `--weakness`) to `command`. */
export function targetOptions(command: Command): Command {
  return settingOptions(command, targetSettings);
}

/** The target the options ask for; with none given, the default success band. */
export function targetFromOptions(options: Record<string, unknown>): Target {
  return targetOf(settingsFromOptions(options, targetSettings));
}
