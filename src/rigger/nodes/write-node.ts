import { errorMessage, isEnvriggerError } from "../../core/errors.js";
import { candidateProposalSchema } from "../../designer/candidate.js";
import { formatIssues } from "../../core/validate.js";
import { buildDesignContext } from "../design-context.js";
import type { RigNodeDependencies } from "../rig-dependencies.js";
import { configOf, type RigState, type RigUpdate } from "../rig-state.js";
import { usageOf } from "./usage-of.js";

/**
 * Write: the designer proposes a candidate (components + rationale). Output that fails to
 * parse or validate is recorded as a failed revision with its issue — never accepted.
 */
export function writeNode(dependencies: RigNodeDependencies) {
  return async (state: RigState): Promise<RigUpdate> => {
    const config = configOf(state);
    const written = state.written + 1;
    try {
      const raw = await dependencies.designer.write(await buildDesignContext(state, dependencies), state.diagnosis!);
      const parsed = candidateProposalSchema.safeParse(raw);
      if (!parsed.success) {
        const message = `designer output is not a valid candidate: ${formatIssues(parsed.error)}`;
        dependencies.onEvent?.({ taskId: config.taskId, node: "write", message });
        return { written, proposal: null, issues: [{ code: "bad-candidate", message }], usage: usageOf(dependencies) };
      }
      const kinds = parsed.data.layers.map((layer) => layer.kind).join("+");
      dependencies.onEvent?.({
        taskId: config.taskId,
        node: "write",
        message: `candidate ${written}: ${parsed.data.template ?? kinds} — ${parsed.data.rationale}`,
        data: { template: parsed.data.template ?? null, parameters: parsed.data.parameters ?? null },
      });
      return { written, proposal: parsed.data, issues: [], usage: usageOf(dependencies) };
    } catch (error) {
      // Not the designer's failure: no candidate can fix an unreachable provider. Stop the run
      // here (the checkpoint before this node stays; --resume runs it again).
      if (isEnvriggerError(error, "PROVIDER_UNAVAILABLE")) throw error;
      const message = errorMessage(error);
      const errorCode = isEnvriggerError(error) ? error.code : "INTERNAL";
      dependencies.onEvent?.({ taskId: config.taskId, node: "write", message: `designer failed to write: ${message}` });
      return {
        written,
        proposal: null,
        issues: [{ code: "designer-error", message, errorCode }],
        usage: usageOf(dependencies),
      };
    }
  };
}
