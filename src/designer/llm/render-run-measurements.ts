import { truncateMiddle } from "../../llm/truncate-middle.js";
import type { RunMeasurement } from "../run-measurement.js";

/**
 * The run's measured table for a designer prompt: one row per candidate of a named template
 * measured on an earlier task of the run — the task, the template and its knob's value (and
 * its position from neutral 0 to strongest 1), the task's baseline success rate → the rate
 * measured, and the episodes it rests on — grouped by template and knob in the order first
 * measured. Cut in the middle past `budgetChars`.
 */
export function renderRunMeasurements(measurements: readonly RunMeasurement[], budgetChars: number): string {
  if (measurements.length === 0)
    return "(none yet: no earlier task of this run measured a candidate that named its template and knob)";
  const groups = new Map<string, RunMeasurement[]>();
  for (const measurement of measurements) {
    const key = `${measurement.template}\u0000${measurement.knob}`;
    groups.set(key, [...(groups.get(key) ?? []), measurement]);
  }
  const rows = [...groups.values()].flatMap((group) =>
    group.map(
      (measurement) =>
        `| ${measurement.template} | ${measurement.knob} = ${Number(measurement.value.toFixed(4))} (${measurement.position.toFixed(2)}) | ${measurement.taskId} | ${measurement.baselineRate.toFixed(2)} → ${(measurement.successes / measurement.episodes).toFixed(2)} | ${measurement.episodes} |`,
    ),
  );
  const table = [
    "| template | knob = value (position: 0 neutral, 1 strongest) | task | baseline → measured success | n |",
    "| --- | --- | --- | --- | --- |",
    ...rows,
  ].join("\n");
  return truncateMiddle(table, budgetChars);
}
