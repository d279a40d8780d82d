import type { Action, ActionInput } from "../../core/action.js";
import { EnvriggerError } from "../../core/errors.js";
import type { EpisodeStart, Policy, PolicyFactory, PolicyInput } from "../../core/policy.js";
import type { ToolSpec } from "../../core/tool-spec.js";
import { candidateActionsFromTools } from "./candidate-actions-from-tools.js";
import { actionHash, featureHash } from "./hashed-features.js";
import type { LearnableModel } from "./learnable-model.js";
import { actionKey, policyFeatures, toolRolesOf } from "./policy-features.js";
import { decisionRecord, episodeKey, type PolicyDecision } from "./policy-decision.js";

/** Options of {@link learnablePolicyFactory}. */
export interface LearnablePolicyOptions {
  /** Recorded name (default `learned`). */
  name?: string;
  /** What a chosen structured candidate is sent as (a text grammar's rendering); default: the action itself. */
  render?: (action: Action) => ActionInput;
  /** Receives every decision with its episode key (the trainer's record). */
  onDecision?: (episode: string, decision: PolicyDecision) => void;
  /** Pick the most probable candidate instead of sampling. */
  greedy?: boolean;
}

interface CandidateSet {
  sent: ActionInput[];
  hashes: number[];
}

/**
 * A softmax policy over candidate actions with a linear scorer on hashed features of what
 * it observes (see `policyFeatures`). Candidates are the env's `candidateActions` when it
 * offers them (`input.candidates`), else every call the tools' input schemas enumerate.
 * It reads the observation, its own history and the turn — never the task id or group —
 * and samples with the episode's seeded generator, so an episode replays exactly.
 * Each decision (features, candidates, probabilities, choice) is recorded in its step's
 * `policyRecord`, so a trainer reads it from the trajectory wherever the episode ran.
 */
export function learnablePolicyFactory(model: LearnableModel, options: LearnablePolicyOptions = {}): PolicyFactory {
  const render = options.render ?? ((action: Action) => action);
  let cachedTools: ToolSpec[] | null = null;
  let cachedCandidates: CandidateSet | null = null;
  let cachedRoles = toolRolesOf([]);
  const fromTools = (tools: ToolSpec[]): CandidateSet => {
    if (tools !== cachedTools) {
      const actions = candidateActionsFromTools(tools);
      cachedTools = tools;
      cachedCandidates = { sent: actions.map(render), hashes: actions.map((action) => actionHash(actionKey(action))) };
      cachedRoles = toolRolesOf(tools);
    }
    return cachedCandidates!;
  };
  return () => {
    let episode = "";
    let latest: PolicyDecision | undefined;
    const policy: Policy = {
      name: options.name ?? "learned",
      start(start: EpisodeStart) {
        episode = episodeKey(start.taskId, start.seed);
      },
      act(input: PolicyInput) {
        const fromSchemas = fromTools(input.tools);
        const candidates =
          input.candidates && input.candidates.length > 0
            ? { sent: input.candidates, hashes: input.candidates.map((candidate) => actionHash(actionKey(candidate))) }
            : fromSchemas;
        if (candidates.sent.length === 0) {
          throw new EnvriggerError(
            "POLICY_OUTPUT",
            "the learnable policy has no candidate actions: no tool's input schema can be enumerated and the env offers no candidateActions",
            {
              hint: "learnable policies need tools with enumerable arguments (enums, booleans, small bounded integers) or an env with candidateActions(observation)",
            },
          );
        }
        const features = policyFeatures(input, cachedRoles, model.features).map(featureHash);
        const probabilities = model.probabilities(features, candidates.hashes);
        let chosen = 0;
        if (options.greedy) {
          for (let index = 1; index < probabilities.length; index++)
            if (probabilities[index]! > probabilities[chosen]!) chosen = index;
        } else {
          let draw = input.random.next();
          while (chosen < probabilities.length - 1 && draw >= probabilities[chosen]!) draw -= probabilities[chosen++]!;
        }
        latest = { features, actions: candidates.hashes, probabilities, chosen };
        options.onDecision?.(episode, latest);
        return candidates.sent[chosen]!;
      },
      stepRecord() {
        const decision = latest;
        latest = undefined;
        return decision === undefined ? undefined : decisionRecord(decision);
      },
    };
    return policy;
  };
}
