import WebSocket from "ws";
import type { Json } from "../core/json.js";

/**
 * A bare WebSocket client for protocol tests of OpenEnv servers: send any text or JSON,
 * read replies in order, and see how the socket closed.
 */
export class OpenEnvTestClient {
  private readonly inbox: string[] = [];
  private waiters: Array<(text: string) => void> = [];
  /** Resolves with the close code and reason once the socket is closed. */
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly socket: WebSocket) {
    socket.on("message", (data) => {
      const text = String(data);
      const waiter = this.waiters.shift();
      if (waiter) waiter(text);
      else this.inbox.push(text);
    });
    socket.on("error", () => {});
    this.closed = new Promise((resolve) =>
      socket.on("close", (code, reason) => resolve({ code, reason: reason.toString("utf8") })),
    );
  }

  /** Connect to `<httpUrl>/ws`. */
  static async connect(httpUrl: string): Promise<OpenEnvTestClient> {
    const socket = new WebSocket(`${httpUrl.replace(/^http/, "ws")}/ws`);
    const client = new OpenEnvTestClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("error", reject);
    });
    return client;
  }

  /** The next message (parsed), waiting at most `timeoutMs`. */
  next(timeoutMs = 5_000): Promise<Json> {
    const waiting = this.inbox.shift();
    if (waiting !== undefined) return Promise.resolve(JSON.parse(waiting) as Json);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((waiter) => waiter !== take);
        reject(new Error(`no message within ${timeoutMs} ms`));
      }, timeoutMs);
      const take = (text: string) => {
        clearTimeout(timer);
        resolve(JSON.parse(text) as Json);
      };
      this.waiters.push(take);
    });
  }

  /** Send a message (JSON, or raw text when a string) without waiting. */
  send(message: Json | { raw: string }): void {
    const text =
      typeof message === "object" &&
      message !== null &&
      "raw" in message &&
      typeof message.raw === "string" &&
      Object.keys(message).length === 1
        ? message.raw
        : JSON.stringify(message);
    this.socket.send(text);
  }

  /** Send and wait for the reply. */
  async ask(message: Json | { raw: string }, timeoutMs?: number): Promise<any> {
    this.send(message);
    return this.next(timeoutMs);
  }

  /** Close from our side. */
  close(): void {
    this.socket.close();
  }
}
