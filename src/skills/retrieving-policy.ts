import type { ActionInput } from "../core/action.js";
import type { EpisodeStart, Policy, PolicyFactory, PolicyInput } from "../core/policy.js";
import { memoryItemText } from "./memory-item.js";
import type { RetrievedSkill, SkillRetriever } from "./skill-retriever.js";

/** Options of {@link retrievingPolicyFactory}. */
export interface RetrievingPolicyOptions {
  /** The policy's name in results. */
  name: string;
  retriever: SkillRetriever;
  /** Items per episode. */
  k: number;
  /** The task's instruction when the env lists one (it starts the query). */
  instruction?: string;
  /** Makes the policy that acts, given the skills for its system prompt (e.g. `createLlmPolicy(spec, { skills })`). */
  makePolicy: (skills: string[]) => Policy;
  /** Told what was retrieved for each episode. */
  onRetrieved?: (retrieved: RetrievedSkill[]) => void;
}

/**
 * A policy that, at its first turn, retrieves the top-k items for the query "task
 * instruction + first observation" and hands their text (title, description, content —
 * never the provenance) to the policy it makes, through that policy's `skills` option.
 * It decides only from what it observes: the query is the text the agent is shown.
 */
export function retrievingPolicyFactory(options: RetrievingPolicyOptions): PolicyFactory {
  return () => {
    let inner: Policy | null = null;
    let episode: EpisodeStart | null = null;
    return {
      name: options.name,
      start(start: EpisodeStart) {
        episode = start;
        inner = null;
      },
      async act(input: PolicyInput): Promise<ActionInput> {
        if (inner === null) {
          const query = [options.instruction, input.observation.text]
            .filter((part) => part !== undefined && part.length > 0)
            .join("\n");
          const retrieved = await options.retriever.retrieve(query, options.k);
          options.onRetrieved?.(retrieved);
          inner = options.makePolicy(retrieved.map((result) => memoryItemText(result.item)));
          if (episode !== null) await inner.start?.(episode);
        }
        return inner.act(input);
      },
      usage() {
        return inner?.usage?.() ?? {};
      },
    };
  };
}
