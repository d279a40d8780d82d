import { validateSetup } from "../../harness/validate-setup.js";
import { rolloutSeed } from "../../rollout/run-rollouts.js";
import { validationIndexOffset } from "../rig-config.js";
import type { RigDependencies } from "../rig-dependencies.js";
import { configOf, type CandidateIssue, type RigState, type RigUpdate } from "../rig-state.js";

/**
 * Check: every Rules source through the static check and a trial load; every Setup replayed
 * once on a fresh env with the first validation seed (unknown tools, refused actions, an
 * episode that ends, a pre-solved task). Problems are data for the next write.
 */
export function checkNode(dependencies: RigDependencies) {
  return async (state: RigState): Promise<RigUpdate> => {
    const config = configOf(state);
    const proposal = state.proposal;
    const issues: CandidateIssue[] = [...state.issues];
    if (proposal) {
      for (const [index, layer] of proposal.layers.entries()) {
        if (layer.kind === "rules") {
          const checked = await dependencies.checkRules(layer.source);
          issues.push(
            ...checked.issues.map((issue) => ({ ...issue, message: `layer ${index} (rules): ${issue.message}` })),
          );
          continue;
        }
        const env = await dependencies.env.create(config.envOptions);
        try {
          const seed = rolloutSeed(config.seed, config.taskId, validationIndexOffset(state.written - 1));
          const checked = await validateSetup(env, { taskId: config.taskId, seed }, layer.actions);
          issues.push(
            ...checked.issues.map((issue) => ({ ...issue, message: `layer ${index} (setup): ${issue.message}` })),
          );
        } finally {
          await env.close();
        }
      }
    }
    if (issues.length === 0) return { issues: [] };
    dependencies.onEvent?.({
      taskId: config.taskId,
      node: "check",
      message: `candidate ${state.written} refused: ${issues.map((issue) => `[${issue.code}] ${issue.message}`).join("; ")}`,
    });
    const exhausted = state.written > config.revisions;
    return {
      issues,
      attempts: [{ revision: state.written, proposal, issues, stats: null, decision: null }],
      ...(exhausted ? { outcome: "rejected" as const } : {}),
    };
  };
}
