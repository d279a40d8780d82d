import { existsSync, readFileSync } from "node:fs";
import { EnvriggerError, errorMessage } from "../core/errors.js";

/** The environment variable a Redis password is read from when the URL holds none. */
export const REDIS_PASSWORD_VARIABLE = "ENVRIGGER_REDIS_PASSWORD";

/** The environment variable naming a PEM file of CA certificates to trust for `rediss://` (besides the system's). */
export const REDIS_TLS_CA_VARIABLE = "ENVRIGGER_REDIS_TLS_CA";

/** Connection options for ioredis, parsed from a queue URL (the password never printed). */
export interface RedisConnectionOptions {
  host: string;
  port: number;
  db: number;
  username?: string;
  password?: string;
  tls?: { ca?: string };
  /** The URL without credentials, for messages. */
  display: string;
}

/**
 * Parse `redis://[user[:password]@]host[:port][/db]` or `rediss://…` (TLS). A password in
 * the URL wins; otherwise `ENVRIGGER_REDIS_PASSWORD` is used when set. For `rediss://`,
 * `ENVRIGGER_REDIS_TLS_CA` may name a PEM file of CAs to trust (a private CA). Anything else
 * is a user error that says what is expected.
 */
export function parseRedisUrl(text: string, environment: NodeJS.ProcessEnv = process.env): RedisConnectionOptions {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new EnvriggerError(
      "BAD_ARGUMENT",
      `--queue expects a URL like redis://HOST:PORT, got "${redactRedisUrl(text)}"`,
    );
  }
  if (url.protocol !== "redis:" && url.protocol !== "rediss:") {
    throw new EnvriggerError("BAD_ARGUMENT", `--queue expects a redis:// or rediss:// URL, got ${url.protocol}//…`, {
      hint: "e.g. --queue redis://127.0.0.1:6379 (rediss:// for TLS)",
    });
  }
  if (!url.hostname)
    throw new EnvriggerError("BAD_ARGUMENT", "--queue URL has no host", {
      hint: "e.g. --queue redis://127.0.0.1:6379",
    });
  const db = url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0;
  if (!Number.isInteger(db) || db < 0)
    throw new EnvriggerError("BAD_ARGUMENT", `--queue URL path must be a database number, got "${url.pathname}"`);
  const password = url.password ? decodeURIComponent(url.password) : environment[REDIS_PASSWORD_VARIABLE] || undefined;
  const username = url.username ? decodeURIComponent(url.username) : undefined;
  const tls = url.protocol === "rediss:";
  const caFile = environment[REDIS_TLS_CA_VARIABLE];
  if (tls && caFile && !existsSync(caFile))
    throw new EnvriggerError("BAD_ARGUMENT", `${REDIS_TLS_CA_VARIABLE} names ${caFile}, which does not exist`);
  const port = url.port ? Number(url.port) : 6379;
  return {
    host: url.hostname.replace(/^\[|\]$/g, ""),
    port,
    db,
    ...(username ? { username } : {}),
    ...(password ? { password } : {}),
    ...(tls ? { tls: caFile ? { ca: readFileSync(caFile, "utf8") } : {} } : {}),
    display: `${url.protocol}//${url.hostname}:${port}${db ? `/${db}` : ""}`,
  };
}

/** A Redis URL with any credentials replaced by `***` (safe to print). */
export function redactRedisUrl(text: string): string {
  return text.replace(/\/\/[^@/]*@/, "//***@");
}

/** The options of every ioredis connection envrigger opens (bounded connect, no silent buffering). */
export function ioredisOptions(connection: RedisConnectionOptions, blocking: boolean): Record<string, unknown> {
  const { display: _display, ...rest } = connection;
  return {
    ...rest,
    connectTimeout: 5_000,
    // BullMQ's blocking connections need null; command connections fail a request after a few retries.
    maxRetriesPerRequest: blocking ? null : 3,
    // Reconnect with backoff, but give up after about a minute of failures rather than hang.
    retryStrategy: (times: number) => (times > 20 ? null : Math.min(times * 200, 3_000)),
  };
}

/**
 * Check within `timeoutMs` that Redis answers (and accepts the credentials). Throws
 * `QUEUE_UNREACHABLE` naming the URL without its password, never hangs.
 */
export async function checkRedisReachable(connection: RedisConnectionOptions, timeoutMs = 4_000): Promise<void> {
  const { Redis } = await import("ioredis");
  const { display: _display, ...rest } = connection;
  const client = new Redis({
    ...rest,
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  // ioredis reports the cause (ECONNREFUSED, a TLS failure, …) as an event and rejects with "Connection is closed".
  let cause: string | null = null;
  client.on("error", (error: Error) => {
    cause ??= errorMessage(error);
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      (async () => {
        await client.connect();
        await client.ping();
      })(),
      new Promise((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
  } catch (error) {
    throw new EnvriggerError(
      "QUEUE_UNREACHABLE",
      `cannot reach the rollout queue at ${connection.display}: ${scrub(cause ?? errorMessage(error), connection)}`,
      {
        hint: `check that redis-server runs there and that the URL is right${connection.password ? "" : ` (a password goes in the URL or in ${REDIS_PASSWORD_VARIABLE})`}`,
      },
    );
  } finally {
    clearTimeout(timer);
    client.disconnect();
  }
}

/** Remove the password from a message, should a library have echoed it. */
export function scrub(message: string, connection: Pick<RedisConnectionOptions, "password">): string {
  return connection.password ? message.split(connection.password).join("***") : message;
}
