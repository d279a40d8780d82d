import { END, START, StateGraph } from "@langchain/langgraph";
import type { BaseCheckpointSaver } from "@langchain/langgraph";
import { checkNode } from "./nodes/check-node.js";
import { decideNode } from "./nodes/decide-node.js";
import { diagnoseNode } from "./nodes/diagnose-node.js";
import { observeNode } from "./nodes/observe-node.js";
import { validateNode } from "./nodes/validate-node.js";
import { writeNode } from "./nodes/write-node.js";
import { trajectoryStoreOf } from "./checkpointer-trajectory-store.js";
import type { RigDependencies } from "./rig-dependencies.js";
import { RigStateAnnotation, type RigState } from "./rig-state.js";
import { TaskCostMeter } from "./task-cost.js";
import { usageOf } from "./nodes/usage-of.js";

const ended = (state: RigState) => state.outcome !== null;

/**
 * The designer loop as a LangGraph state graph:
 * observe → diagnose → write → check → validate → decide → (accept | back to write),
 * with check failures also going back to write (each counts as a revision) and the task
 * ending once an outcome is set (accepted, rejected, skipped). Trajectories go to the
 * checkpointer's trajectory store (`trajectoryStoreOf`); the state keeps references, and
 * what each node spent (rollouts, env steps, wall time, tokens) in its `cost`.
 */
export function createRigGraph(dependencies: RigDependencies, checkpointer?: BaseCheckpointSaver) {
  // Every node's spending goes into the state's `cost` (see TaskCostMeter).
  const meter = new TaskCostMeter(() => usageOf(dependencies));
  const nodes = { ...dependencies, trajectories: trajectoryStoreOf(checkpointer), onBatch: meter.record };
  const graph = new StateGraph(RigStateAnnotation)
    .addNode("observe", meter.wrap(observeNode(nodes)))
    .addNode("diagnose", meter.wrap(diagnoseNode(nodes)))
    .addNode("write", meter.wrap(writeNode(nodes)))
    .addNode("check", meter.wrap(checkNode(nodes)))
    .addNode("validate", meter.wrap(validateNode(nodes)))
    .addNode("decide", meter.wrap(decideNode(nodes)))
    .addEdge(START, "observe")
    .addConditionalEdges("observe", (state) => (ended(state) ? END : "diagnose"), ["diagnose", END])
    .addConditionalEdges("diagnose", (state) => (ended(state) ? END : "write"), ["write", END])
    .addEdge("write", "check")
    .addConditionalEdges("check", (state) => (ended(state) ? END : state.issues.length > 0 ? "write" : "validate"), [
      "write",
      "validate",
      END,
    ])
    .addEdge("validate", "decide")
    .addConditionalEdges("decide", (state) => (ended(state) ? END : "write"), ["write", END]);
  return graph.compile({ checkpointer });
}
