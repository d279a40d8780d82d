import type { JsonObject } from "../core/json.js";
import { curriculumSettingTable, rigSettingTable } from "../rigger/rig-settings.js";
import type { CurriculumConfig } from "./curriculum-config.js";
import type { CurriculumSettings } from "./curriculum-settings.js";

/** A setting given to a resumed run that differs from the run's own. */
export interface DifferingSetting {
  flag: string;
  stored: unknown;
  given: unknown;
}

/**
 * Settings that never change what a run computes: a resumed run may choose them anew (where
 * new runs are made does not move a resumed one).
 */
const CHOSEN_ANEW = new Set(["rolloutConcurrency", "taskConcurrency", "runsDir"]);

const table = { ...rigSettingTable, ...curriculumSettingTable };

/** Where the stored configuration keeps a setting (the three target settings are parts of `target`). */
function storedValue(config: CurriculumConfig, name: string): unknown {
  if (name === "band") return config.target.successBand;
  if (name === "bandSteps") return config.target.stepsBand;
  if (name === "weakness") return config.target.weakness;
  return config[name as keyof CurriculumConfig];
}

/**
 * The resume check, the one place it is written: the given settings (parsed, without
 * defaults) that differ from the stored run's. Env options are compared key by key (those
 * not given are the run's own); settings that never change results are not compared.
 */
export function differingSettings(
  config: CurriculumConfig,
  given: Partial<Record<keyof CurriculumSettings, unknown>>,
): DifferingSetting[] {
  const differing: DifferingSetting[] = [];
  for (const [name, value] of Object.entries(given)) {
    if (value === undefined || CHOSEN_ANEW.has(name) || !(name in table)) continue;
    const stored = storedValue(config, name);
    const same =
      name === "envOptions"
        ? Object.entries(value as JsonObject).every(
            ([key, option]) => JSON.stringify(option) === JSON.stringify(config.envOptions[key]),
          )
        : JSON.stringify(value) === JSON.stringify(stored);
    if (!same) differing.push({ flag: table[name as keyof typeof table].flag, stored, given: value });
  }
  return differing;
}
