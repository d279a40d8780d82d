import { defaultRolloutConcurrency } from "../rollout/default-rollout-concurrency.js";
import { parseInteger } from "./parse-arguments.js";

/** The raw rollout options shared by the commands that roll out. */
export interface RolloutCommandOptions {
  rolloutConcurrency?: string;
  /** The older name of `--rollout-concurrency` on `baseline` and `measure`. */
  concurrency?: string;
  queue?: string;
}

/**
 * `--rollout-concurrency N` (or the older `--concurrency N`), else the default for the
 * policy and env: 16 when either waits on I/O (LLM, OpenEnv), 1 for scripted policies.
 */
export function rolloutConcurrencyOf(options: RolloutCommandOptions, policySpec: string, envSpec: string): number {
  const given = options.rolloutConcurrency ?? options.concurrency;
  const option = options.rolloutConcurrency !== undefined ? "--rollout-concurrency" : "--concurrency";
  return given === undefined ? defaultRolloutConcurrency(policySpec, envSpec) : parseInteger(given, option);
}
