import { isEnvriggerError } from "../core/errors.js";

/** What kind of provider failure an error is, and whether trying again may help. */
export interface ProviderErrorClass {
  kind:
    | "timeout"
    | "rate-limit"
    | "server"
    | "network"
    | "unreachable"
    | "auth"
    | "quota"
    | "not-found"
    | "client"
    | "aborted"
    | "unknown";
  retryable: boolean;
  /**
   * No retry and no other candidate can fix it — the endpoint is unreachable (connection
   * refused, DNS), the key is refused, the quota is spent or the model does not exist: the
   * run stops (its checkpoints stay, `--resume` continues once the endpoint is fixed).
   */
  stopsRun: boolean;
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
  for (const candidate of [
    field(error, "status"),
    field(field(error, "response"), "status"),
    field(error, "statusCode"),
  ]) {
    if (typeof candidate === "number" && Number.isInteger(candidate) && candidate >= 100 && candidate < 600)
      return candidate;
  }
  return undefined;
}

/** Connection refused, host unknown or unreachable: the endpoint is not there (retrying at once will not change that). */
const UNREACHABLE_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH"]);

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (
    let current = error, depth = 0;
    current !== undefined && current !== null && depth < 8;
    current = field(current, "cause"), depth++
  )
    chain.push(current);
  return chain;
}

function isUnreachable(error: unknown): boolean {
  return causes(error).some((current) => {
    const code = field(current, "code");
    if (typeof code === "string" && UNREACHABLE_CODES.has(code)) return true;
    // fetch refuses ports on its blocklist (e.g. 9, "discard") before connecting.
    if (field(current, "message") === "bad port") return true;
    // Node's fetch reports an AggregateError of per-address failures (IPv4 and IPv6).
    const errors = field(current, "errors");
    return (
      Array.isArray(errors) &&
      errors.length > 0 &&
      errors.every((inner) => UNREACHABLE_CODES.has(String(field(inner, "code"))))
    );
  });
}

function isQuota(error: unknown): boolean {
  return causes(error).some((current) => {
    const code = field(current, "code");
    const message = field(current, "message");
    return (
      code === "insufficient_quota" ||
      (typeof message === "string" && /insufficient[_ ]quota|exceeded your (current )?quota|billing/i.test(message))
    );
  });
}

function isNetworkError(error: unknown): boolean {
  for (
    let current = error, depth = 0;
    current !== undefined && current !== null && depth < 8;
    current = field(current, "cause"), depth++
  ) {
    const code = field(current, "code");
    if (typeof code === "string" && NETWORK_CODES.has(code)) return true;
    const name = field(current, "name");
    if (name === "APIConnectionError" || name === "FetchError") return true;
    const message = field(current, "message");
    if (typeof message === "string" && /fetch failed|socket hang up|connection error|network error/i.test(message))
      return true;
  }
  return false;
}

/**
 * Classify a provider failure. Retryable: timeouts, 408/409/429, every 5xx, transient
 * network errors (resets, DNS "try again"). Not retryable and stopping the run: connection
 * refused or host unknown (`unreachable`), 401/403 (`auth`), 402 or a 429 about the quota
 * (`quota`), 404 (`not-found`). Not retryable: other 4xx (400 bad request), user aborts,
 * and anything unrecognised (a bug should fail fast, not be retried).
 */
export function classifyProviderError(error: unknown): ProviderErrorClass {
  if (isEnvriggerError(error, "PROVIDER") && error.details?.timeout === true)
    return { kind: "timeout", retryable: true, stopsRun: false };
  const name = field(error, "name");
  if (name === "TimeoutError" || name === "APIConnectionTimeoutError")
    return { kind: "timeout", retryable: true, stopsRun: false };
  const status = statusOf(error);
  if (status !== undefined) {
    if (status === 402 || (status === 429 && isQuota(error)))
      return { kind: "quota", retryable: false, stopsRun: true, status };
    if (status === 429) return { kind: "rate-limit", retryable: true, stopsRun: false, status };
    if (status >= 500 || status === 408 || status === 409)
      return { kind: "server", retryable: true, stopsRun: false, status };
    if (status === 401 || status === 403) return { kind: "auth", retryable: false, stopsRun: true, status };
    if (status === 404) return { kind: "not-found", retryable: false, stopsRun: true, status };
    if (status >= 400) return { kind: "client", retryable: false, stopsRun: false, status };
  }
  if (isUnreachable(error)) return { kind: "unreachable", retryable: false, stopsRun: true, status };
  if (isNetworkError(error)) return { kind: "network", retryable: true, stopsRun: false, status };
  if (name === "AbortError") return { kind: "aborted", retryable: false, stopsRun: false };
  return { kind: "unknown", retryable: false, stopsRun: false, status };
}
