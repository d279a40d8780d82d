import { defaultRolloutConcurrency } from "../rollout/default-rollout-concurrency.js";
import { parseInteger } from "./parse-arguments.js";

/** The raw rollout options shared by the commands that roll out. */
export interface RolloutCommandOptions {
  rolloutConcurrency?: string;
  queue?: string;
}

/**
 * `--rollout-concurrency N`, else the default for the policy and env: 16 when either waits
 * on I/O (LLM, OpenEnv), 1 for scripted policies.
 */
export function rolloutConcurrencyOf(options: RolloutCommandOptions, policySpec: string, envSpec: string): number {
  return options.rolloutConcurrency === undefined
    ? defaultRolloutConcurrency(policySpec, envSpec)
    : parseInteger(options.rolloutConcurrency, "--rollout-concurrency");
}
