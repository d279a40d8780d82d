import { z } from "zod";
import { MAX_TIMER_MS } from "../core/max-timer-ms.js";

/** The listening and robustness settings of `envrigger serve`. */
export const serveOptionsSchema = z.strictObject({
  /** Interface to bind; loopback by default (a warning is printed for anything else). */
  host: z.string().min(1).default("127.0.0.1"),
  /** Port; 0 picks a free one. */
  port: z.number().int().min(0).max(65_535).default(8000),
  /** Concurrent WebSocket sessions; one more gets CAPACITY_REACHED. */
  maxSessions: z.number().int().min(1).max(100_000).default(64),
  /** A session that sends nothing for this long is closed (code 1000, reason "idle timeout"). */
  idleTimeoutMs: z.number().int().min(1).max(MAX_TIMER_MS).default(600_000),
  /** Largest WebSocket message or HTTP body accepted (bytes); a larger message closes that socket with 1009, a larger body gets HTTP 413. */
  maxMessageBytes: z
    .number()
    .int()
    .min(1_024)
    .default(10 * 1024 * 1024),
});
export type ServeOptions = z.output<typeof serveOptionsSchema>;
export type ServeOptionsInput = z.input<typeof serveOptionsSchema>;

/** Whether `host` names the loopback interface. */
export function isLoopbackHost(host: string): boolean {
  return host === "localhost" || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);
}
