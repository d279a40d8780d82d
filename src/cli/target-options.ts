import { EnvriggerError } from "../core/errors.js";
import { DEFAULT_TARGET, type Target } from "../designer/target.js";
import { MAX_BAND_STEPS, parseBand } from "./parse-arguments.js";

/** The target options shared by `rig` and `curriculum`. */
export interface TargetOptions {
  bandSuccess?: string;
  bandSteps?: string;
  weakness?: string;
}

/** Build a target from CLI options; with none given, the default success band [0.4, 0.6]. */
export function targetFromOptions(options: TargetOptions): Target {
  const target: Target = {};
  if (options.bandSuccess !== undefined) target.successBand = parseBand(options.bandSuccess, "--band-success", 1);
  if (options.bandSteps !== undefined) target.stepsBand = parseBand(options.bandSteps, "--band-steps", MAX_BAND_STEPS);
  if (options.weakness !== undefined) {
    if (options.weakness.trim().length < 3)
      throw new EnvriggerError(
        "BAD_ARGUMENT",
        '--weakness expects a description such as "submits without running the tests"',
      );
    target.weakness = options.weakness.trim();
  }
  return target.successBand || target.stepsBand || target.weakness ? target : { ...DEFAULT_TARGET };
}
