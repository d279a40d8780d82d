import { existsSync, readFileSync } from "node:fs";
import { z } from "zod";
import { writeJsonAtomic } from "../core/atomic-write.js";
import { EnvriggerError } from "../core/errors.js";
import { packageVersion } from "../core/package-version.js";
import { parseJsonText, parseWith } from "../core/validate.js";

/**
 * The format of the run files this envrigger writes and reads (`run.json`, `training.json`,
 * `experiment.json`, and the checkpoints, records and rounds beside them). Files of format 1
 * (no stamp: written by envrigger 0.1.0 before the stamp) are refused: before 1.0 a change
 * of what a run stores bumps this number instead of keeping readers of the old shape.
 */
export const RUN_FORMAT = 2;

// The stamp at the top of a run's configuration file; anything else there is the schema's business.
const stampSchema = z.looseObject({ runFormat: z.unknown().optional(), writtenBy: z.unknown().optional() });

/** What a run's configuration file says about its run: a run, a training run, an experiment. */
export type RunKind = "run" | "training run" | "experiment";

/** Write a run's configuration file, stamped with the run format and the version that wrote it. */
export function writeRunFile(path: string, config: object): void {
  writeJsonAtomic(path, { runFormat: RUN_FORMAT, writtenBy: `envrigger ${packageVersion()}`, ...config });
}

/**
 * Read a run's configuration file: `OLD_RUN_FORMAT` (naming the version that wrote it) when
 * it is of another run format, else the file validated by `schema` (`BAD_CONFIG` when not).
 */
export function readRunFile<S extends z.ZodType>(schema: S, path: string): z.infer<S> {
  const value = parseJsonText(z.unknown(), readFileSync(path, "utf8"), path);
  const stamp = stampSchema.safeParse(value);
  const format = stamp.success ? stamp.data.runFormat : undefined;
  if (format !== RUN_FORMAT) {
    const writtenBy =
      stamp.success && typeof stamp.data.writtenBy === "string"
        ? stamp.data.writtenBy
        : "envrigger 0.1.0 (a build from before run files were stamped)";
    throw new EnvriggerError(
      "OLD_RUN_FORMAT",
      `${path} was written by ${writtenBy} in run format ${typeof format === "number" ? format : 1}; this envrigger ${packageVersion()} reads run format ${RUN_FORMAT} only`,
      {
        hint: "before 1.0 older runs are not converted: start the run again (the same settings and seeds give the same run)",
      },
    );
  }
  return parseWith(schema, value, path, "BAD_CONFIG");
}

/**
 * The one resume check: the configuration file of the run to continue in `path` — refused
 * when missing (`BAD_ARGUMENT`) or of another run format (`OLD_RUN_FORMAT`).
 */
export function resumedRunFile<S extends z.ZodType>(schema: S, path: string, kind: RunKind): z.infer<S> {
  if (!existsSync(path))
    throw new EnvriggerError("BAD_ARGUMENT", `cannot resume: ${path} does not exist`, {
      hint: `pass the directory of an earlier ${kind} (runs/<id>)`,
    });
  return readRunFile(schema, path);
}

/** Refuse to start a new run where `path` already holds one (`BAD_ARGUMENT`). */
export function refuseExistingRun(path: string, directory: string, kind: RunKind): void {
  if (existsSync(path))
    throw new EnvriggerError(
      "BAD_ARGUMENT",
      `${directory} already holds a${kind === "experiment" ? "n" : ""} ${kind}`,
      {
        hint: "use --resume to continue it, or choose another --out",
      },
    );
}
