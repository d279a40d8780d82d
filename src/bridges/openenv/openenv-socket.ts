import WebSocket from "ws";
import { EnvriggerError, errorMessage } from "../../core/errors.js";
import { parseJsonText } from "../../core/validate.js";
import {
  openEnvServerMessageSchema,
  type OpenEnvClientMessage,
  type OpenEnvServerMessage,
} from "./openenv-protocol.js";

/** Time limits of an {@link OpenEnvSocket}. */
export interface OpenEnvSocketTimeouts {
  /** Opening the connection. */
  connectTimeoutMs: number;
  /** Each reply. */
  messageTimeoutMs: number;
  /** Waiting for the server to acknowledge a close before the socket is cut. Default 2000. */
  closeTimeoutMs?: number;
}

/** Largest message accepted (OpenEnv's client allows 100 MB). */
const maxPayload = 100 * 1024 * 1024;

/**
 * One OpenEnv session: a WebSocket to `/ws`. Requests go one at a time (a request waits
 * for the previous reply; one message in flight), every wait is bounded, and a connection
 * that closes or breaks is reported as a `REMOTE_ENV` error saying so — to the request
 * waiting and to every later one. A reply that does not come in time cuts the connection
 * (replies could no longer be matched to requests).
 */
export class OpenEnvSocket {
  private readonly inbox: string[] = [];
  private waiter: { resolve: (text: string) => void; reject: (error: Error) => void } | null = null;
  private lastError: string | null = null;
  private closedBecause: string | null = null;
  private readonly closed: Promise<void>;
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly socket: WebSocket,
    readonly url: string,
    private readonly timeouts: OpenEnvSocketTimeouts,
  ) {
    socket.on("message", (data) => {
      const text = Array.isArray(data)
        ? Buffer.concat(data).toString("utf8")
        : Buffer.from(data as ArrayBuffer).toString("utf8");
      const waiter = this.waiter;
      this.waiter = null;
      if (waiter) waiter.resolve(text);
      else this.inbox.push(text);
    });
    socket.on("error", (error) => {
      this.lastError = errorMessage(error);
    });
    this.closed = new Promise((resolve) => {
      socket.on("close", (code, reason) => {
        const because =
          reason.length > 0 ? `: ${reason.toString("utf8")}` : this.lastError ? `: ${this.lastError}` : "";
        this.closedBecause = `code ${code}${because}`;
        const waiter = this.waiter;
        this.waiter = null;
        waiter?.reject(this.closedError("while waiting for a reply"));
        resolve();
      });
    });
  }

  /** Open a session socket; a refused, failed or slow connection is a `REMOTE_ENV` error. */
  static connect(url: string, timeouts: OpenEnvSocketTimeouts): Promise<OpenEnvSocket> {
    const socket = new WebSocket(url, { handshakeTimeout: timeouts.connectTimeoutMs, maxPayload });
    const session = new OpenEnvSocket(socket, url, timeouts);
    return new Promise((resolve, reject) => {
      const onClose = () => fail(session.lastError ?? "the connection was closed before it opened");
      const fail = (reason: string) => {
        clearTimeout(timer);
        socket.off("close", onClose);
        socket.terminate();
        reject(
          new EnvriggerError("REMOTE_ENV", `cannot open the OpenEnv session socket ${url}: ${reason}`, {
            hint: "check that the server is running and serves OpenEnv's /ws endpoint",
          }),
        );
      };
      // A backstop: `handshakeTimeout` should fire first.
      const timer = setTimeout(
        () => fail(`no connection within ${timeouts.connectTimeoutMs} ms`),
        timeouts.connectTimeoutMs + 50,
      );
      socket.once("open", () => {
        clearTimeout(timer);
        socket.off("close", onClose);
        resolve(session);
      });
      socket.once("close", onClose);
    });
  }

  /** Whether the connection is open. */
  get isOpen(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  /**
   * Send one message and wait for its reply (`what` names the request in errors). A
   * message the server sent unasked (OpenEnv's CAPACITY_REACHED) is taken as the reply.
   */
  request(message: OpenEnvClientMessage, what: string): Promise<OpenEnvServerMessage> {
    const result = this.queue.then(() => this.exchange(message, what));
    this.queue = result.catch(() => undefined);
    return result;
  }

  private async exchange(message: OpenEnvClientMessage, what: string): Promise<OpenEnvServerMessage> {
    const waiting = this.inbox.shift();
    const text = waiting ?? (await this.sendAndWait(message, what));
    return parseJsonText(openEnvServerMessageSchema, text, `the OpenEnv server's reply to ${what}`, "REMOTE_ENV");
  }

  private sendAndWait(message: OpenEnvClientMessage, what: string): Promise<string> {
    if (!this.isOpen) return Promise.reject(this.closedError(`before ${what} could be sent`));
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiter = null;
        this.socket.terminate();
        reject(
          new EnvriggerError(
            "REMOTE_ENV",
            `the OpenEnv server at ${this.url} sent no reply to ${what} within ${this.timeouts.messageTimeoutMs} ms; the session was cut`,
            {
              hint: "raise the messageTimeoutMs option if the environment is slow, or check the server",
            },
          ),
        );
      }, this.timeouts.messageTimeoutMs);
      this.waiter = {
        resolve: (text) => {
          clearTimeout(timer);
          resolve(text);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      this.socket.send(JSON.stringify(message), (error) => {
        if (error && this.waiter)
          this.waiter.reject(this.closedError(`while sending ${what} (${errorMessage(error)})`));
      });
    });
  }

  /**
   * End the session: send OpenEnv's `close` message, close the socket, and wait (bounded)
   * for the server to close its side, so the server has freed the session slot. Idempotent.
   */
  async close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return;
    if (this.isOpen) {
      this.socket.send(JSON.stringify({ type: "close" } satisfies OpenEnvClientMessage));
      this.socket.close(1000);
    }
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<"late">((resolve) => {
      timer = setTimeout(() => resolve("late"), this.timeouts.closeTimeoutMs ?? 2_000);
    });
    if ((await Promise.race([this.closed, late])) === "late") this.socket.terminate();
    clearTimeout(timer);
  }

  private closedError(when: string): EnvriggerError {
    return new EnvriggerError(
      "REMOTE_ENV",
      `the OpenEnv server at ${this.url} closed the connection (${this.closedBecause ?? "closing"}) ${when}; this session is lost`,
      {
        hint: "call reset() to start a new episode on a new connection; check the server's log if this repeats",
      },
    );
  }
}
