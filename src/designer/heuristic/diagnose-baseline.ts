import type { DesignContext, Diagnosis, Weakness } from "../designer.js";
import { designDirection } from "./design-direction.js";
import { matchWeakness } from "./match-weakness.js";
import { formatSuccess } from "./format-success.js";
import { ToolRoles, type ToolRole } from "../../analysis/tool-roles.js";
import type { DetectionInput, WeaknessDetector } from "./weakness-detector.js";
import { weaknessDetectors } from "./weakness-detectors.js";

function describeTools(roles: ToolRoles): string {
  const order: ToolRole[] = ["finishing", "verification", "information", "backtracking", "other"];
  return order
    .map((role) => [role, roles.named(role)] as const)
    .filter(([, names]) => names.length > 0)
    .map(([role, names]) => `${role} ${names.join(", ")}`)
    .join("; ");
}

function describeDirection(direction: Diagnosis["direction"], context: DesignContext): string {
  const { target } = context;
  if (direction === "target-weakness")
    return `target-weakness — make "${target.weakness}" decisive: episodes that show it should fail, the others succeed`;
  const band = target.successBand
    ? `success band [${target.successBand[0]}, ${target.successBand[1]}]`
    : `steps band [${target.stepsBand?.[0]}, ${target.stepsBand?.[1]}]`;
  return direction === "harder"
    ? `harder — the policy does better than the ${band} asks; perturb what it relies on or make its weakness cost it`
    : `easier — the policy does worse than the ${band} asks; scaffold it or help it past its weakness`;
}

/**
 * Diagnose a baseline: run every detector on the baseline trajectories, rank the
 * weaknesses found by severity (a named target weakness first, reported even when rare),
 * choose the direction from the target, and write a text that cites the statistics:
 * success with its interval, stop reasons, mean turns, invalid-call rate, tool use.
 */
export function diagnoseBaseline(
  context: DesignContext,
  detectors: readonly WeaknessDetector[] = weaknessDetectors,
): Diagnosis {
  const roles = new ToolRoles(context.tools);
  const { stats, trajectories } = context.baseline;
  const input: DetectionInput = {
    trajectories,
    stats,
    roles,
    target: context.target,
    ...(context.demonstrations ? { demonstrations: context.demonstrations } : {}),
  };
  const found: Weakness[] = [];
  for (const detector of detectors) {
    const weakness = detector.detect(input);
    if (weakness) found.push(weakness);
  }
  found.sort((left, right) => right.severity - left.severity);
  if (context.target.weakness) {
    const targeted = matchWeakness(context.target.weakness, detectors);
    const weakness = targeted.detect(input, true);
    const rest = found.filter((entry) => entry.id !== targeted.id);
    found.splice(0, found.length, ...(weakness ? [weakness] : []), ...rest);
  }
  const direction = designDirection(context.target, stats);
  const toolUse = Object.entries(stats.toolUse)
    .map(([name, count]) => `${name} ${count}`)
    .join(", ");
  const stops = Object.entries(stats.stopReasons)
    .map(([reason, count]) => `${reason} ${count}`)
    .join(", ");
  const lines = [
    `Baseline of ${context.envId} task ${context.taskId}: ${formatSuccess(stats)}; stop reasons: ${stops || "none"}; mean turns ${stats.meanTurns.toFixed(2)}${stats.meanTurnsOfSuccesses === null ? "" : ` (${stats.meanTurnsOfSuccesses.toFixed(2)} in successes)`}; invalid-call rate ${(stats.invalidCallRate * 100).toFixed(0)}%; tool use: ${toolUse || "none"}.`,
    `Tools: ${describeTools(roles)}.`,
    found.length === 0 ? "Weaknesses: none of the detectors crosses its threshold." : "Weaknesses, most severe first:",
    ...found.map((weakness) => `- ${weakness.id} (severity ${weakness.severity.toFixed(2)}): ${weakness.evidence}`),
    `Direction: ${describeDirection(direction, context)}.`,
  ];
  return { text: lines.join("\n"), weaknesses: found, direction };
}
