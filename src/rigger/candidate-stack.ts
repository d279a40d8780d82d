import type { CandidateProposal } from "../designer/candidate.js";
import type { HarnessStackSpec } from "../harness/harness-stack-spec.js";
import type { RigConfig } from "./rig-config.js";

/** The stack spec of a candidate: the task's base env wrapped in the proposal's layers. */
export function candidateStack(config: RigConfig, proposal: CandidateProposal): HarnessStackSpec {
  return {
    version: 1,
    base: { env: config.envId, taskId: config.taskId, options: config.envOptions },
    layers: proposal.layers.map((layer) =>
      layer.kind === "setup"
        ? {
            kind: "setup" as const,
            actions: layer.actions,
            ...(layer.prefixes === undefined ? {} : { prefixes: layer.prefixes }),
          }
        : { kind: "rules" as const, source: layer.source, ...(layer.name === undefined ? {} : { name: layer.name }) },
    ),
  };
}
