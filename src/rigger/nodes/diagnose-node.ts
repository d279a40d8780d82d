import { errorMessage, isEnvriggerError } from "../../core/errors.js";
import { buildDesignContext } from "../design-context.js";
import type { RigNodeDependencies } from "../rig-dependencies.js";
import { configOf, type RigState, type RigUpdate } from "../rig-state.js";
import { usageOf } from "./usage-of.js";

/**
 * Diagnose: the designer names the policy's weaknesses from the baseline. A designer that
 * fails here ends the task as `rejected` with the error recorded (nothing is accepted).
 */
export function diagnoseNode(dependencies: RigNodeDependencies) {
  return async (state: RigState): Promise<RigUpdate> => {
    const config = configOf(state);
    try {
      const diagnosis = await dependencies.designer.diagnose(await buildDesignContext(state, dependencies));
      dependencies.onEvent?.({
        taskId: config.taskId,
        node: "diagnose",
        message: diagnosis.text,
        data: { weaknesses: diagnosis.weaknesses.map((weakness) => weakness.id) },
      });
      return { diagnosis, usage: usageOf(dependencies) };
    } catch (error) {
      // Not the designer's failure: no candidate can fix an unreachable provider. Stop the run
      // here (the checkpoint before this node stays; --resume runs it again).
      if (isEnvriggerError(error, "PROVIDER_UNAVAILABLE")) throw error;
      const message = errorMessage(error);
      const errorCode = isEnvriggerError(error) ? error.code : "INTERNAL";
      dependencies.onEvent?.({
        taskId: config.taskId,
        node: "diagnose",
        message: `designer failed to diagnose: ${message}`,
      });
      return {
        outcome: "rejected",
        attempts: [
          {
            revision: state.written,
            proposal: null,
            issues: [{ code: "designer-error", message, errorCode }],
            stats: null,
            decision: null,
          },
        ],
        usage: usageOf(dependencies),
      };
    }
  };
}
