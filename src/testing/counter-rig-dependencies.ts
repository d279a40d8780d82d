import { join } from "node:path";
import type { CandidateProposal } from "../designer/candidate.js";
import type { Designer } from "../designer/designer.js";
import { CandidateStore } from "../rigger/candidate-store.js";
import type { RigDependencies } from "../rigger/rig-dependencies.js";
import { FunctionRulesRuntime } from "./function-rules-runtime.js";
import { ScriptedDesigner } from "./scripted-designer.js";
import { hesitantCounterPolicy } from "./hesitant-counter-policy.js";
import { TestEnvDefinition } from "./test-env-definition.js";

/** A Rules layer (any source) that turns an `inc` into a `dec` with probability 0.5: the counter task gets harder. */
export const SABOTAGE_PROPOSAL: CandidateProposal = {
  layers: [{ kind: "rules", source: "sabotage" }],
  rationale: "sabotage",
};

/**
 * Rig dependencies of the test env's counter tasks, all in this process: the hesitant
 * policy, a designer (default: always {@link SABOTAGE_PROPOSAL}), every Rules source
 * loading as the 0.5 sabotage, candidates stored under `root`.
 */
export function counterRigDependencies(root: string, designer?: Designer): RigDependencies {
  const env = new TestEnvDefinition();
  const sabotage = () =>
    new FunctionRulesRuntime(
      {
        filterAction: (action, context) =>
          action.name === "inc" && context.random() < 0.5
            ? { kind: "rewrite", action: { name: "dec", args: {} } }
            : { kind: "pass" },
      },
      { usesState: false },
    );
  return {
    env,
    policy: hesitantCounterPolicy,
    designer: designer ?? new ScriptedDesigner([SABOTAGE_PROPOSAL]),
    stack: { resolveEnv: async () => env, loadRules: async () => ({ ok: true as const, runtime: sabotage() }) },
    checkRules: async () => ({ ok: true, issues: [] }),
    harnessApi: "declare function defineRules(rules: object): object;",
    store: new CandidateStore(join(root, "candidates")),
  };
}
