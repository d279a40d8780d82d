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

const ended = (state: RigState) => state.outcome !== null;

/**
 * The designer loop as a LangGraph state graph:
 * observe → diagnose → write → check → validate → decide → (accept | back to write),
 * with check failures also going back to write (each counts as a revision) and the task
 * ending once an outcome is set (accepted, rejected, skipped). Trajectories go to the
 * checkpointer's trajectory store (`trajectoryStoreOf`); the state keeps references.
 */
export function createRigGraph(dependencies: RigDependencies, checkpointer?: BaseCheckpointSaver) {
  const nodes = { ...dependencies, trajectories: trajectoryStoreOf(checkpointer) };
  const graph = new StateGraph(RigStateAnnotation)
    .addNode("observe", observeNode(nodes))
    .addNode("diagnose", diagnoseNode(nodes))
    .addNode("write", writeNode(nodes))
    .addNode("check", checkNode(nodes))
    .addNode("validate", validateNode(nodes))
    .addNode("decide", decideNode(nodes))
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
