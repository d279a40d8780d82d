import { describe, expect, it } from "vitest";
import { EnvriggerError } from "../core/errors.js";
import { createRng } from "../core/seeding.js";
import { callWithTimeout } from "./call-with-timeout.js";
import { classifyProviderError } from "./classify-provider-error.js";
import { retryWithBackoff } from "./retry-with-backoff.js";

const withStatus = (status: number) => Object.assign(new Error(`HTTP ${status}`), { status });

describe("classifyProviderError", () => {
  it("retries 429, 5xx, transient network errors and timeouts, not other 4xx or unknown errors", () => {
    expect(classifyProviderError(withStatus(429))).toEqual({
      kind: "rate-limit",
      retryable: true,
      stopsRun: false,
      status: 429,
    });
    expect(classifyProviderError(withStatus(503)).retryable).toBe(true);
    expect(classifyProviderError({ response: { status: 502 } }).retryable).toBe(true);
    expect(classifyProviderError(withStatus(400))).toEqual({
      kind: "client",
      retryable: false,
      stopsRun: false,
      status: 400,
    });
    expect(classifyProviderError(withStatus(401)).retryable).toBe(false);
    expect(
      classifyProviderError(Object.assign(new Error("socket hang up"), { cause: { code: "ECONNRESET" } })),
    ).toMatchObject({ kind: "network", retryable: true, stopsRun: false });
    expect(classifyProviderError(Object.assign(new Error("x"), { name: "TimeoutError" })).kind).toBe("timeout");
    expect(
      classifyProviderError(new EnvriggerError("PROVIDER", "slow", { details: { timeout: true } })).retryable,
    ).toBe(true);
    expect(classifyProviderError(new Error("a bug")).retryable).toBe(false);
  });
});

describe("classifyProviderError: failures no retry fixes stop the run", () => {
  it("connection refused, unknown host, a refused key, a spent quota and an unknown model", () => {
    const refused = Object.assign(new Error("Connection error."), {
      cause: Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNREFUSED" } }),
    });
    expect(classifyProviderError(refused)).toMatchObject({ kind: "unreachable", retryable: false, stopsRun: true });
    expect(
      classifyProviderError(Object.assign(new Error("fetch failed"), { cause: { code: "ENOTFOUND" } })),
    ).toMatchObject({ kind: "unreachable", stopsRun: true });
    // Node's fetch: an AggregateError of per-address refusals; a port on fetch's blocklist.
    expect(
      classifyProviderError(
        new Error("fetch failed", {
          cause: Object.assign(new Error("x"), { errors: [{ code: "ECONNREFUSED" }, { code: "ECONNREFUSED" }] }),
        }),
      ),
    ).toMatchObject({ stopsRun: true });
    expect(classifyProviderError(new Error("fetch failed", { cause: new Error("bad port") }))).toMatchObject({
      kind: "unreachable",
      stopsRun: true,
    });
    expect(classifyProviderError(withStatus(401))).toMatchObject({ kind: "auth", stopsRun: true });
    expect(classifyProviderError(withStatus(403))).toMatchObject({ kind: "auth", stopsRun: true });
    expect(classifyProviderError(withStatus(404))).toMatchObject({ kind: "not-found", stopsRun: true });
    expect(classifyProviderError(withStatus(402))).toMatchObject({ kind: "quota", stopsRun: true });
    expect(
      classifyProviderError(
        Object.assign(new Error("You exceeded your current quota"), { status: 429, code: "insufficient_quota" }),
      ),
    ).toMatchObject({ kind: "quota", retryable: false, stopsRun: true });
    // A transient DNS failure is retried first and does not stop the run by itself.
    expect(
      classifyProviderError(Object.assign(new Error("fetch failed"), { cause: { code: "EAI_AGAIN" } })),
    ).toMatchObject({ kind: "network", retryable: true, stopsRun: false });
  });
});

describe("retryWithBackoff", () => {
  const options = (retries: number, delays: number[] = []) => ({
    retries,
    initialMs: 4,
    maxMs: 10,
    rng: createRng(1),
    isRetryable: (error: unknown) => classifyProviderError(error).retryable,
    onRetry: (_error: unknown, _attempt: number, delayMs: number) => void delays.push(delayMs),
  });

  it("retries retryable failures with growing, capped, seeded delays", async () => {
    const delays: number[] = [];
    let calls = 0;
    const outcome = await retryWithBackoff(
      async () => {
        calls += 1;
        if (calls < 4) throw withStatus(500);
        return "ok";
      },
      options(5, delays),
    );
    expect(outcome).toEqual({ ok: true, value: "ok", attempts: 4 });
    expect(delays).toHaveLength(3);
    expect(delays[0]).toBeGreaterThanOrEqual(2);
    expect(delays[0]).toBeLessThan(4);
    expect(delays[1]).toBeGreaterThanOrEqual(4);
    expect(delays[2]).toBeGreaterThanOrEqual(5);
    expect(delays[2]).toBeLessThanOrEqual(10);
    const again: number[] = [];
    let second = 0;
    await retryWithBackoff(
      async () => {
        if (++second < 4) throw withStatus(500);
        return "ok";
      },
      options(5, again),
    );
    expect(again).toEqual(delays);
  });

  it("stops at once on a non-retryable failure and after the retry budget", async () => {
    let calls = 0;
    const client = await retryWithBackoff(async () => {
      calls += 1;
      throw withStatus(401);
    }, options(5));
    expect(client.ok).toBe(false);
    expect(calls).toBe(1);
    const exhausted = await retryWithBackoff(async () => {
      throw withStatus(503);
    }, options(2));
    expect(exhausted).toMatchObject({ ok: false, attempts: 3 });
  });
});

describe("callWithTimeout", () => {
  it("aborts the signal and rejects with a retryable PROVIDER timeout", async () => {
    let aborted = false;
    const hanging = callWithTimeout(
      (signal) => new Promise<string>(() => signal.addEventListener("abort", () => (aborted = true))),
      20,
    );
    await expect(hanging).rejects.toMatchObject({ code: "PROVIDER", details: { timeout: true } });
    expect(aborted).toBe(true);
    await expect(callWithTimeout(async () => "fast", 1000)).resolves.toBe("fast");
  });
});
