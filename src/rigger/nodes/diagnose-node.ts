import { errorMessage } from "../../core/errors.js";
import { buildDesignContext } from "../design-context.js";
import type { RigDependencies } from "../rig-dependencies.js";
import type { RigState, RigUpdate } from "../rig-state.js";
import { usageOf } from "./usage-of.js";

/**
 * Diagnose: the designer names the policy's weaknesses from the baseline. A designer that
 * fails here ends the task as `rejected` with the error recorded (nothing is accepted).
 */
export function diagnoseNode(dependencies: RigDependencies) {
  return async (state: RigState): Promise<RigUpdate> => {
    const config = state.config!;
    try {
      const diagnosis = await dependencies.designer.diagnose(await buildDesignContext(state, dependencies));
      dependencies.onEvent?.({ taskId: config.taskId, node: "diagnose", message: diagnosis.text, data: { weaknesses: diagnosis.weaknesses.map((weakness) => weakness.id) } });
      return { diagnosis, usage: usageOf(dependencies) };
    } catch (error) {
      const message = errorMessage(error);
      dependencies.onEvent?.({ taskId: config.taskId, node: "diagnose", message: `designer failed to diagnose: ${message}` });
      return {
        outcome: "rejected",
        attempts: [{ revision: state.written, proposal: null, issues: [{ code: "designer-error", message }], stats: null, decision: null }],
        usage: usageOf(dependencies),
      };
    }
  };
}
