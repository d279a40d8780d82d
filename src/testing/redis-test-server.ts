import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freeLoopbackPort } from "./free-loopback-port.js";

/** Where Debian installs redis-server. */
const REDIS_SERVER = process.env.ENVRIGGER_REDIS_SERVER ?? "/usr/bin/redis-server";

/** True when a redis-server binary is installed (tests that need one skip otherwise). */
export function redisServerAvailable(): boolean {
  return existsSync(REDIS_SERVER);
}

/** A redis-server a test started. */
export interface RedisTestServer {
  /** `redis://127.0.0.1:<port>` (`rediss://` with TLS; no credentials, even when a password is required). */
  readonly url: string;
  /** With TLS: the PEM file of the server's self-signed certificate (trust it via `ENVRIGGER_REDIS_TLS_CA`). */
  readonly certificateFile?: string;
  readonly port: number;
  readonly pid: number;
  /** Stop it by pid, wait until it is gone, and remove its files. Idempotent. */
  stop(): Promise<void>;
}

/**
 * Start a throwaway redis-server on a free loopback port — no persistence (`--save ''
 * --appendonly no`), daemonized with a pid file, optionally with a password — and wait
 * until it answers. `stop()` ends it by its pid.
 */
export async function startRedisTestServer(
  options: { password?: string; tls?: boolean } = {},
): Promise<RedisTestServer> {
  const directory = mkdtempSync(join(tmpdir(), "envrigger-redis-"));
  const pidFile = join(directory, "redis.pid");
  const port = await freeLoopbackPort();
  const certificateFile = join(directory, "cert.pem");
  const keyFile = join(directory, "key.pem");
  if (options.tls) {
    const made = spawnSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-keyout",
        keyFile,
        "-out",
        certificateFile,
        "-days",
        "1",
        "-subj",
        "/CN=localhost",
        "-addext",
        "subjectAltName=IP:127.0.0.1,DNS:localhost",
      ],
      { encoding: "utf8", timeout: 30_000 },
    );
    if (made.status !== 0) throw new Error(`openssl could not make a test certificate: ${made.stderr}`);
  }
  const listen = options.tls
    ? [
        "--port",
        "0",
        "--tls-port",
        String(port),
        "--tls-cert-file",
        certificateFile,
        "--tls-key-file",
        keyFile,
        "--tls-ca-cert-file",
        certificateFile,
        "--tls-auth-clients",
        "no",
      ]
    : ["--port", String(port)];
  const started = spawnSync(
    REDIS_SERVER,
    [
      ...listen,
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      "--appendonly",
      "no",
      "--daemonize",
      "yes",
      "--pidfile",
      pidFile,
      "--dir",
      directory,
      "--logfile",
      join(directory, "redis.log"),
      ...(options.password ? ["--requirepass", options.password] : []),
    ],
    { encoding: "utf8", timeout: 10_000 },
  );
  if (started.status !== 0) throw new Error(`redis-server did not start: ${started.stderr || started.stdout}`);
  const deadline = Date.now() + 10_000;
  while (!existsSync(pidFile) || readFileSync(pidFile, "utf8").trim() === "") {
    if (Date.now() > deadline) throw new Error("redis-server wrote no pid file within 10 s");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const pid = Number(readFileSync(pidFile, "utf8").trim());
  const { Redis } = await import("ioredis");
  for (;;) {
    const client = new Redis({
      host: "127.0.0.1",
      port,
      password: options.password,
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      ...(options.tls ? { tls: { ca: readFileSync(certificateFile, "utf8") } } : {}),
    });
    client.on("error", () => {});
    try {
      await client.connect();
      await client.ping();
      client.disconnect();
      break;
    } catch {
      client.disconnect();
      if (Date.now() > deadline) throw new Error(`redis-server on port ${port} does not answer`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  let stopped = false;
  return {
    url: `${options.tls ? "rediss" : "redis"}://127.0.0.1:${port}`,
    ...(options.tls ? { certificateFile } : {}),
    port,
    pid,
    async stop() {
      if (stopped) return;
      stopped = true;
      const alive = () => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      };
      if (alive()) process.kill(pid, "SIGTERM");
      const until = Date.now() + 5_000;
      while (alive() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
      if (alive()) process.kill(pid, "SIGKILL");
      rmSync(directory, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
    },
  };
}
