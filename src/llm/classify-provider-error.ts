import { isEnvriggerError } from "../core/errors.js";

/** What kind of provider failure an error is, and whether trying again may help. */
export interface ProviderErrorClass {
  kind: "timeout" | "rate-limit" | "server" | "network" | "client" | "aborted" | "unknown";
  retryable: boolean;
  /** The HTTP status, when the error carries one. */
  status?: number;
}

const NETWORK_CODES = new Set([
  "ECONNRESET",
  "ECONNREFUSED",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "EAI_AGAIN",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_SOCKET",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
]);

function field(value: unknown, key: string): unknown {
  return value !== null && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;
}

function statusOf(error: unknown): number | undefined {
  for (const candidate of [field(error, "status"), field(field(error, "response"), "status"), field(error, "statusCode")]) {
    if (typeof candidate === "number" && Number.isInteger(candidate) && candidate >= 100 && candidate < 600) return candidate;
  }
  return undefined;
}

function isNetworkError(error: unknown): boolean {
  for (let current = error, depth = 0; current !== undefined && current !== null && depth < 4; current = field(current, "cause"), depth++) {
    const code = field(current, "code");
    if (typeof code === "string" && NETWORK_CODES.has(code)) return true;
    const name = field(current, "name");
    if (name === "APIConnectionError" || name === "FetchError") return true;
    const message = field(current, "message");
    if (typeof message === "string" && /fetch failed|socket hang up|connection error|network error/i.test(message)) return true;
  }
  return false;
}

/**
 * Classify a provider failure. Retryable: timeouts, 408/409/429, every 5xx, network
 * errors. Not retryable: other 4xx (400 bad request, 401/403 bad key, 404 unknown model),
 * user aborts, and anything unrecognised (a bug should fail fast, not be retried).
 */
export function classifyProviderError(error: unknown): ProviderErrorClass {
  if (isEnvriggerError(error, "PROVIDER") && error.details?.timeout === true) return { kind: "timeout", retryable: true };
  const name = field(error, "name");
  if (name === "TimeoutError" || name === "APIConnectionTimeoutError") return { kind: "timeout", retryable: true };
  const status = statusOf(error);
  if (status !== undefined) {
    if (status === 429) return { kind: "rate-limit", retryable: true, status };
    if (status >= 500 || status === 408 || status === 409) return { kind: "server", retryable: true, status };
    if (status >= 400) return { kind: "client", retryable: false, status };
  }
  if (isNetworkError(error)) return { kind: "network", retryable: true, status };
  if (name === "AbortError") return { kind: "aborted", retryable: false };
  return { kind: "unknown", retryable: false, status };
}
