import type { ToolSpec } from "../../core/tool-spec.js";
import type { Trajectory } from "../../core/trajectory.js";
import { splitEpisodes, type EpisodeSplit } from "./episode-split.js";
import { ToolRoles } from "../../analysis/tool-roles.js";
import { trajectoryCalls, type TrajectoryCall } from "../../analysis/trajectory-calls.js";
import type { DetectionInput, WeaknessDetector } from "./weakness-detector.js";

/** The parts of a per-episode behaviour detector. */
export interface BehaviourDetectorDefinition {
  id: string;
  summary: string;
  patterns: readonly RegExp[];
  /** Report only when at least this fraction of episodes shows the behaviour. */
  minimumRate: number;
  /** Whether the detector applies to this env at all (e.g. it has a verification tool). */
  applies?(roles: ToolRoles): boolean;
  /** Whether one episode's calls show the behaviour. */
  showsCalls(calls: readonly TrajectoryCall[], trajectory: Trajectory, roles: ToolRoles): boolean;
  /** The evidence sentence, citing the numbers. */
  evidence(split: EpisodeSplit, input: DetectionInput): string;
}

/**
 * Make a {@link WeaknessDetector} from a per-episode predicate over the policy's calls.
 * Severity is the share of episodes showing the behaviour, weighted up when those episodes
 * fail: `rate × (0.5 + 0.5 × failure rate among them)`.
 */
export function defineBehaviourDetector(definition: BehaviourDetectorDefinition): WeaknessDetector {
  const showsWith = (trajectory: Trajectory, roles: ToolRoles) =>
    definition.showsCalls(trajectoryCalls(trajectory, roles), trajectory, roles);
  return {
    id: definition.id,
    summary: definition.summary,
    patterns: definition.patterns,
    detect(input, force = false) {
      if (definition.applies && !definition.applies(input.roles)) return null;
      const split = splitEpisodes(input.trajectories, (trajectory) => showsWith(trajectory, input.roles));
      if (split.episodes === 0 || (!force && (split.showing === 0 || split.rate < definition.minimumRate))) return null;
      const failureRate = split.showing === 0 ? 0 : 1 - split.showingSuccesses / split.showing;
      return {
        id: definition.id,
        evidence: definition.evidence(split, input),
        severity: split.rate * (0.5 + 0.5 * failureRate),
      };
    },
    shows(trajectory: Trajectory, tools: readonly ToolSpec[] = []) {
      return showsWith(trajectory, new ToolRoles(tools));
    },
  };
}
