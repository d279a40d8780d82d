/**
 * What an LLM policy's episode went through besides tokens. `malformedCalls` of the usage
 * is `invalidArguments + unknownTools + emptyAnswers`.
 */
export interface LlmPolicyDiagnostics {
  /** Tool calls whose arguments were not valid JSON (sent as a malformed text action). */
  invalidArguments: number;
  /** Calls of a tool the env does not have (sent as such; the env refuses them). */
  unknownTools: number;
  /** Answers with neither text nor a call (sent as `""`). */
  emptyAnswers: number;
  /** Tools-mode answers in text instead of a call (sent as raw text for the env's grammar). */
  textAnswers: number;
  /** Tool calls beyond the first of an answer (ignored: one call per turn). */
  extraToolCalls: number;
  /** Requests that had to be shortened to fit the context budget. */
  fittedRequests: number;
  /** Requests still over the budget after fitting (the system prompt, task and latest turn alone exceed it). */
  overBudgetRequests: number;
  /** Provider calls retried after a retryable failure. */
  providerRetries: number;
}

/** All counts zero. */
export function emptyLlmPolicyDiagnostics(): LlmPolicyDiagnostics {
  return {
    invalidArguments: 0,
    unknownTools: 0,
    emptyAnswers: 0,
    textAnswers: 0,
    extraToolCalls: 0,
    fittedRequests: 0,
    overBudgetRequests: 0,
    providerRetries: 0,
  };
}
