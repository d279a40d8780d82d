import { existsSync, readFileSync } from "node:fs";
import { parseBoundedJson } from "../../core/bounded-json.js";
import { z } from "zod";
import { writeJsonAtomic } from "../../core/atomic-write.js";
import { EnvriggerError } from "../../core/errors.js";
import { formatIssues } from "../../core/validate.js";
import { learnedFeatureConfigSchema } from "./learned-feature-config.js";
import { LearnableModel } from "./learnable-model.js";

/** The format tag of a weights file. */
export const LEARNED_WEIGHTS_FORMAT = "envrigger.learned-policy";
/** The weights-file version this build reads and writes. */
export const LEARNED_WEIGHTS_VERSION = 1;

const finite = z.number().refine(Number.isFinite, "weights must be finite numbers");

/**
 * A learnable policy's weights as JSON: format tag, version, the feature configuration,
 * the env it was trained on, and the non-zero weights as parallel `indices`/`values`
 * arrays (sparse: most of the hashed table stays zero).
 */
export const learnedWeightsFileSchema = z
  .object({
    format: z.literal(LEARNED_WEIGHTS_FORMAT),
    version: z.number().int(),
    env: z.string().nullable(),
    features: learnedFeatureConfigSchema,
    weights: z.object({ indices: z.array(z.number().int().nonnegative()), values: z.array(finite) }).strict(),
  })
  .strict();
export type LearnedWeightsFile = z.infer<typeof learnedWeightsFileSchema>;

/** A model as its weights-file JSON. */
export function weightsFileOf(model: LearnableModel): LearnedWeightsFile {
  const indices: number[] = [];
  const values: number[] = [];
  model.weights.forEach((value, index) => {
    if (value !== 0) {
      indices.push(index);
      values.push(value);
    }
  });
  return {
    format: LEARNED_WEIGHTS_FORMAT,
    version: LEARNED_WEIGHTS_VERSION,
    env: model.envId,
    features: model.features,
    weights: { indices, values },
  };
}

/** Write a model's weights file atomically. */
export function saveLearnedWeights(path: string, model: LearnableModel): void {
  writeJsonAtomic(path, weightsFileOf(model));
}

function corrupt(path: string, problem: string): EnvriggerError {
  return new EnvriggerError("BAD_CONFIG", `weights file ${path}: ${problem}`, {
    hint: "pass a file written by `envrigger train` (learned:<weights.json>), or learned:init for fresh weights",
  });
}

/** A model from weights-file JSON (already parsed); `path` names the file in errors. */
export function modelFromWeightsFile(value: unknown, path: string): LearnableModel {
  const probe = z.object({ format: z.unknown(), version: z.unknown() }).passthrough().safeParse(value);
  if (!probe.success) throw corrupt(path, "not a JSON object");
  if (probe.data.format !== LEARNED_WEIGHTS_FORMAT)
    throw corrupt(path, `format is ${JSON.stringify(probe.data.format)}, expected "${LEARNED_WEIGHTS_FORMAT}"`);
  if (probe.data.version !== LEARNED_WEIGHTS_VERSION)
    throw corrupt(
      path,
      `version ${JSON.stringify(probe.data.version)} is not supported (this build reads version ${LEARNED_WEIGHTS_VERSION})`,
    );
  const parsed = learnedWeightsFileSchema.safeParse(value);
  if (!parsed.success) throw corrupt(path, formatIssues(parsed.error));
  const file = parsed.data;
  if (file.weights.indices.length !== file.weights.values.length) {
    throw corrupt(
      path,
      `weights.indices has ${file.weights.indices.length} entries but weights.values has ${file.weights.values.length}`,
    );
  }
  const weights = new Float64Array(file.features.dimension);
  for (const [position, index] of file.weights.indices.entries()) {
    if (index >= file.features.dimension)
      throw corrupt(path, `weight index ${index} is outside the feature dimension ${file.features.dimension}`);
    weights[index] = file.weights.values[position]!;
  }
  return new LearnableModel(file.features, weights, file.env);
}

/** Read a weights file; a missing, corrupt or mismatched file is a `BAD_CONFIG`/`FILE_NOT_FOUND` error naming the problem. */
export function loadLearnedWeights(path: string): LearnableModel {
  if (!existsSync(path))
    throw new EnvriggerError("FILE_NOT_FOUND", `weights file not found: ${path}`, {
      hint: "train one with `envrigger train`, or use learned:init",
    });
  const json = parseBoundedJson(readFileSync(path, "utf8"));
  if (!json.ok) throw corrupt(path, `not valid JSON (${json.message})`);
  return modelFromWeightsFile(json.value, path);
}
