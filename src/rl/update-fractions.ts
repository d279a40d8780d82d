import { existsSync, readFileSync } from "node:fs";
import { z } from "zod";
import { parseJsonText } from "../core/validate.js";
import { trainingRunPaths } from "./run-training.js";

const updateLineSchema = z.object({
  groups: z.number(),
  zeroVarianceGroups: z.number(),
  stackedTasks: z.number().default(0),
  trialTasks: z.number().default(0),
  filteredGroups: z.number().optional(),
});

/** Per update of a training run, what its groups were like (from `updates.jsonl`). */
export interface UpdateFractions {
  /** Fraction of the trained groups whose rewards were all equal (no gradient). */
  zeroVariance: number[];
  /**
   * Fraction of the trained groups that ran on a harness stack the decision rule called in
   * band (coverage): a co-evolved stack still on trial (`--validation training`) is not counted.
   */
  coverage: number[];
  /** Fraction of the trained groups that ran on a co-evolved stack still on trial (0 without `--validation training`). */
  trialCoverage: number[];
  /** Fraction of the groups drawn that online difficulty filtering dropped (0 without it). */
  filtered: number[];
}

/** The per-update fractions of the training run in `directory` (empty lists when it has no updates yet). */
export function updateFractionsOf(directory: string): UpdateFractions {
  const path = trainingRunPaths(directory).updates;
  if (!existsSync(path)) return { zeroVariance: [], coverage: [], trialCoverage: [], filtered: [] };
  const lines = readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.trim().length > 0)
    .map((line) => parseJsonText(updateLineSchema, line, path));
  const ratio = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);
  return {
    zeroVariance: lines.map((stats) => ratio(stats.zeroVarianceGroups, stats.groups)),
    coverage: lines.map((stats) => ratio(stats.stackedTasks - stats.trialTasks, stats.groups)),
    trialCoverage: lines.map((stats) => ratio(stats.trialTasks, stats.groups)),
    filtered: lines.map((stats) => ratio(stats.filteredGroups ?? 0, stats.groups + (stats.filteredGroups ?? 0))),
  };
}
