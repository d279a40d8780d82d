import { performance } from "node:perf_hooks";
import { createRulesGroupSandbox } from "../src/sandbox/rules/create-rules-group-sandbox.js";
import { checkComponentSource } from "../src/sandbox/rules/static-check/static-check.js";
import { transpileComponent } from "../src/sandbox/rules/transpile-component.js";
import { median } from "./measure.js";
import { PASS_THROUGH_RULES } from "./toy24-harness.js";

/** A distinct source per round, so no cache can answer for the checker. */
function variant(index: number): string {
  return PASS_THROUGH_RULES.replace('"never"', `"never-${index}"`);
}

/**
 * Component check (ts-morph, static) and load (transpile + new isolate + bootstrap, as a
 * group of one: how the Rules group engine loads a single layer) times:
 * the first check pays for building the compiler; later checks of new sources are what a
 * designer loop sees.
 */
export async function benchComponentTiming(rounds = 15) {
  let started = performance.now();
  const first = checkComponentSource(variant(0));
  const firstCheckMs = performance.now() - started;
  if (!first.ok) throw new Error(`bench component failed its check: ${JSON.stringify(first.issues)}`);
  const checks: number[] = [];
  const loads: number[] = [];
  for (let index = 1; index <= rounds; index++) {
    started = performance.now();
    checkComponentSource(variant(index));
    checks.push(performance.now() - started);
    started = performance.now();
    const transpiled = transpileComponent(variant(index));
    if (!transpiled.ok) throw new Error("bench component failed to transpile");
    const sandbox = createRulesGroupSandbox([{ script: transpiled.script, usesState: false }]);
    const loadMs = performance.now() - started;
    if (!sandbox.ok) throw new Error("bench component failed to load");
    for (const member of sandbox.group.members) member.dispose();
    loads.push(loadMs);
  }
  return {
    componentFirstCheckMs: Number(firstCheckMs.toFixed(1)),
    componentCheckMedianMs: Number(median(checks).toFixed(2)),
    componentLoadMedianMs: Number(median(loads).toFixed(2)),
  };
}
