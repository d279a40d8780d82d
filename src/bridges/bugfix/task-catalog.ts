import { EnvriggerError } from "../../core/errors.js";
import type { Split, TaskInfo } from "../../core/task.js";
import type { BugFamilySpec } from "./bug-family-spec.js";
import { bugFamilies } from "./bug-families.js";
import { parseFunctionSignature } from "./function-signature.js";

/** A task as known without running anything: identity, split, family and buggy source. */
export interface BugFixCatalogEntry {
  id: string;
  variant: number;
  split: Split;
  spec: BugFamilySpec;
  functionName: string;
  buggySource: string;
  /** The issue text, the same phrase for every family. */
  issue: string;
}

/** Variants below this index are training tasks; the rest are held out. */
const trainVariants = 4;

/** The 30 BugFix tasks (5 families × 6 variants), in family then variant order. */
export function bugFixCatalog(): BugFixCatalogEntry[] {
  return bugFamilies.flatMap((spec) =>
    spec.variants.map((buggySource, variant) => {
      const functionName = parseFunctionSignature(buggySource)?.name;
      if (!functionName)
        throw new EnvriggerError("INTERNAL", `variant ${variant} of ${spec.family} has no function declaration`);
      return {
        id: `${spec.family}-${variant}`,
        variant,
        split: variant < trainVariants ? ("train" as const) : ("heldout" as const),
        spec,
        functionName,
        buggySource,
        issue: `\`${functionName}\` returns wrong results`,
      };
    }),
  );
}

/** The `TaskInfo`s of a split (group = family, instruction = the issue text). */
export function bugFixTaskInfos(split: Split): TaskInfo[] {
  return bugFixCatalog()
    .filter((entry) => entry.split === split)
    .map((entry) => ({ id: entry.id, split: entry.split, group: entry.spec.family, instruction: entry.issue }));
}
