import { basename, resolve } from "node:path";
import type { z } from "zod";
import { EnvriggerError } from "../core/errors.js";
import { parseWith } from "../core/validate.js";
import { DEFAULT_TARGET, type Target } from "../designer/target.js";
import { shapeOf } from "../core/setting.js";
import { curriculumSettingTable, rigSettingsSchema } from "../rigger/rig-settings.js";
import { runPaths } from "../run-format/run-paths.js";
import { defaultRolloutConcurrency } from "../rollout/default-rollout-concurrency.js";
import { curriculumConfigSchema, type CurriculumConfig } from "./curriculum-config.js";

/** The settings of a curriculum: the rig settings and which tasks, how many at once. */
export const curriculumSettingsSchema = rigSettingsSchema.extend(shapeOf(curriculumSettingTable));
/** A curriculum's settings with their defaults applied. */
export type CurriculumSettings = z.infer<typeof curriculumSettingsSchema>;
/** A curriculum's settings as a caller writes them (defaults optional). */
export type CurriculumSettingsInput = z.input<typeof curriculumSettingsSchema>;

/** The target the three target settings ask for; none given: {@link DEFAULT_TARGET}. */
export function targetOf(settings: Pick<CurriculumSettings, "band" | "bandSteps" | "weakness">): Target {
  const target: Target = {
    ...(settings.band ? { successBand: settings.band } : {}),
    ...(settings.bandSteps ? { stepsBand: settings.bandSteps } : {}),
    ...(settings.weakness ? { weakness: settings.weakness } : {}),
  };
  return target.successBand || target.stepsBand || target.weakness ? target : { ...DEFAULT_TARGET };
}

/**
 * The stored configuration of a new run (`run.json`) in `runDirectory` from its settings:
 * defaults applied once, here; the target from its three settings; episodes in flight by
 * default as many as the policy and env profit from; the candidates directory the run's own
 * `candidates/`, or the one given resolved against `cwd`.
 */
export function curriculumConfigOf(
  input: CurriculumSettingsInput,
  runDirectory: string,
  cwd: string,
): CurriculumConfig {
  const settings = parseWith(curriculumSettingsSchema, input, "curriculum settings", "BAD_ARGUMENT");
  if (settings.k > settings.kMax) {
    throw new EnvriggerError(
      "BAD_ARGUMENT",
      `--k ${settings.k} is more than --k-max ${settings.kMax}: a batch cannot exceed the cap`,
      { hint: `lower --k to at most ${settings.kMax} or raise --k-max to at least ${settings.k}` },
    );
  }
  const {
    band: _band,
    bandSteps: _bandSteps,
    weakness: _weakness,
    taskConcurrency: _lanes,
    runsDir: _runsDir,
    ...stored
  } = settings;
  return parseWith(
    curriculumConfigSchema,
    {
      ...stored,
      runId: basename(runDirectory),
      target: targetOf(settings),
      rolloutConcurrency: settings.rolloutConcurrency ?? defaultRolloutConcurrency(settings.policy, settings.env),
      candidatesDir:
        settings.candidatesDir === undefined ? runPaths(runDirectory).candidates : resolve(cwd, settings.candidatesDir),
    },
    "curriculum settings",
    "BAD_ARGUMENT",
  );
}
