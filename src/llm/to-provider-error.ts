import { EnvriggerError, errorMessage, isEnvriggerError } from "../core/errors.js";
import { classifyProviderError } from "./classify-provider-error.js";
import { redactSecrets } from "./redact-secrets.js";

/** Where a provider failure happened, for its message. */
export interface ProviderErrorContext {
  provider: string;
  model: string;
  attempts: number;
  /** Environment whose secret values are redacted (default `process.env`). */
  environment?: NodeJS.ProcessEnv;
}

function hintFor(kind: string, status: number | undefined, provider: string): string {
  const keyVariable = provider === "gemini" ? "GEMINI_API_KEY" : "OPENAI_API_KEY";
  if (status === 401 || status === 403) return `check ${keyVariable} (keys are read from the environment only)`;
  if (status === 404)
    return provider === "gemini"
      ? "check the model name"
      : "check the model name and OPENAI_BASE_URL (it usually ends in /v1)";
  if (kind === "rate-limit") return "the provider is rate limiting; retry later or raise the retry budget";
  if (kind === "timeout") return "the model did not answer in time; raise the timeout or use a faster model";
  if (kind === "quota") return "the account's quota or credit is spent";
  if (kind === "unreachable")
    return provider === "gemini"
      ? "check the network connection"
      : "check that the server at OPENAI_BASE_URL is running and reachable";
  if (kind === "network")
    return provider === "gemini"
      ? "check the network connection"
      : "check that the server at OPENAI_BASE_URL is running and reachable";
  if (kind === "server") return "the provider failed; retry later";
  return "see the message above";
}

/** The innermost cause's message in parentheses, when it says more than the outer one (e.g. "Connection error." ← "connect ECONNREFUSED"). */
function rootCause(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error && current.cause instanceof Error; depth++)
    current = current.cause;
  return current !== error && current instanceof Error && current.message && current.message !== errorMessage(error)
    ? ` (${current.message})`
    : "";
}

/**
 * Turn any provider failure into a `PROVIDER` {@link EnvriggerError} — or
 * `PROVIDER_UNAVAILABLE` when no retry can fix it (see `stopsRun` of
 * {@link classifyProviderError}) — whose message names the provider, model, status and
 * attempts, with a hint, and never contains a secret (the message is passed through
 * `redactSecrets`). Other envrigger errors pass through unchanged.
 */
export function toProviderError(error: unknown, context: ProviderErrorContext): EnvriggerError {
  if (isEnvriggerError(error) && error.code !== "PROVIDER") return error;
  const { kind, status, stopsRun } = classifyProviderError(error);
  const statusText = status === undefined ? "" : ` (HTTP ${status})`;
  const attemptsText = context.attempts === 1 ? "1 attempt" : `${context.attempts} attempts`;
  const message = `${context.provider} model ${context.model} failed${statusText} after ${attemptsText}: ${errorMessage(error)}${rootCause(error)}`;
  return new EnvriggerError(
    stopsRun ? "PROVIDER_UNAVAILABLE" : "PROVIDER",
    redactSecrets(message, context.environment),
    {
      hint: hintFor(kind, status, context.provider),
      details: { kind, status: status ?? null, attempts: context.attempts, stopsRun },
    },
  );
}
