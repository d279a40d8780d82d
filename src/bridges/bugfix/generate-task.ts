import { EnvriggerError } from "../../core/errors.js";
import { createRng, deriveSeed, type Rng } from "../../core/seeding.js";
import type { TestCase } from "../../sandbox/task-code/task-code-types.js";
import { applyEditOp } from "./apply-edit-op.js";
import type { BugFixTask } from "./bugfix-task.js";
import { parseFunctionSignature } from "./function-signature.js";
import type { SourceTestRunner } from "./source-test-runner.js";
import type { BugFixCatalogEntry } from "./task-catalog.js";

const maxAttempts = 1000;

/** Draw `count` distinct argument tuples (as `JSON` keys) from the family's input range. */
function drawDistinctArgs(entry: BugFixCatalogEntry, arity: number, count: number, rng: Rng): number[][] {
  const seen = new Set<string>();
  const tuples: number[][] = [];
  for (let tries = 0; tuples.length < count; tries++) {
    if (tries > 100 * count)
      throw new EnvriggerError("INTERNAL", `${entry.id}: the input range has fewer than ${count} distinct inputs`);
    const args = entry.spec.drawArgs(rng, arity);
    const key = args.join(",");
    if (seen.has(key)) continue;
    seen.add(key);
    tuples.push(args);
  }
  return tuples;
}

/**
 * Build a task: the reference fix is the family's fix op applied to the buggy source; test
 * inputs are distinct small integers drawn with `deriveSeed(taskSeed, family, variant)`;
 * expected values come from running the reference fix; inputs are redrawn until the buggy
 * source fails at least one public and at least one hidden test.
 */
export function generateTask(entry: BugFixCatalogEntry, taskSeed: number, runner: SourceTestRunner): BugFixTask {
  const { spec, functionName, buggySource } = entry;
  const referenceSource = applyEditOp(spec.fixOp, buggySource, []);
  const arity = parseFunctionSignature(buggySource)?.parameters.length ?? 0;
  const rng = createRng(deriveSeed(taskSeed, spec.family, entry.variant));
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    const drawn = drawDistinctArgs(entry, arity, spec.publicCount + spec.hiddenCount, rng);
    const reference = runner.runTests(
      referenceSource,
      functionName,
      drawn.map((args) => ({ args, expected: null })),
    );
    const failed = reference.find((outcome) => outcome.error);
    if (failed)
      throw new EnvriggerError(
        "INTERNAL",
        `${entry.id}: the reference fix errored (${failed.errorMessage ?? "error"})`,
      );
    const tests: TestCase[] = drawn.map((args, index) => ({ args, expected: reference[index]!.got }));
    const buggy = runner.runTests(buggySource, functionName, tests);
    const publicFails = buggy.slice(0, spec.publicCount).some((outcome) => !outcome.passed);
    const hiddenFails = buggy.slice(spec.publicCount).some((outcome) => !outcome.passed);
    if (publicFails && hiddenFails) {
      return {
        id: entry.id,
        family: spec.family,
        variant: entry.variant,
        split: entry.split,
        functionName,
        buggySource,
        referenceSource,
        fixOp: spec.fixOp,
        issue: entry.issue,
        publicTests: tests.slice(0, spec.publicCount),
        hiddenTests: tests.slice(spec.publicCount),
      };
    }
  }
  throw new EnvriggerError(
    "INTERNAL",
    `${entry.id}: no test draw in ${maxAttempts} attempts made the buggy source fail a public and a hidden test`,
  );
}
