/** Episodes in flight for policies or envs that wait on I/O (a model API, a remote env). */
export const IO_ROLLOUT_CONCURRENCY = 16;

/**
 * The default `--rollout-concurrency` for a policy spec on an env spec: 16 when either waits
 * on I/O — an LLM policy (`openai:`, `gemini:`) or an OpenEnv server (`openenv:`) — and 1
 * for in-process scripted policies, where concurrency buys nothing on one core.
 */
export function defaultRolloutConcurrency(policySpec: string, envSpec: string): number {
  const waitsOnIo =
    policySpec.startsWith("openai:") || policySpec.startsWith("gemini:") || envSpec.startsWith("openenv:");
  return waitsOnIo ? IO_ROLLOUT_CONCURRENCY : 1;
}
