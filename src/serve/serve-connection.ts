import type { WebSocket } from "ws";
import { parseBoundedJson } from "../core/bounded-json.js";
import { errorMessage } from "../core/errors.js";
import type { Json, JsonObject } from "../core/json.js";
import { answerMcp } from "./answer-mcp.js";
import { serveMessageSchemas, serveMessageTypes, type ServeMessageType } from "./serve-messages.js";
import { errorReply, validationReply } from "./serve-replies.js";
import { ServeSession, type ServeContext } from "./serve-session.js";
import { jsonLimitError, validationErrors } from "./validation-errors.js";

/** Settings of one connection. */
export interface ConnectionSettings {
  idleTimeoutMs: number;
  /** Called once when the connection is gone (its slot is free). */
  onEnd(): void;
}

/**
 * One WebSocket session of `envrigger serve`: messages are handled one at a time in
 * arrival order; each gets exactly one reply (none for `close`). Not JSON → INVALID_JSON,
 * JSON nested too deep → VALIDATION_ERROR `json_too_deep`,
 * an unknown `type` → UNKNOWN_TYPE, a message of the wrong shape → VALIDATION_ERROR (the
 * session stays open); JSON that is not an object → SESSION_ERROR and the socket closes.
 * A session silent for `idleTimeoutMs` is closed (1000, "idle timeout").
 */
export class ServeConnection {
  private readonly session: ServeSession;
  private queue: Promise<void> = Promise.resolve();
  private idleTimer: NodeJS.Timeout | null = null;
  private ended = false;

  constructor(
    private readonly socket: WebSocket,
    private readonly context: ServeContext,
    private readonly settings: ConnectionSettings,
  ) {
    this.session = new ServeSession(context);
    socket.on("message", (data, isBinary) => {
      const text = Array.isArray(data)
        ? Buffer.concat(data).toString("utf8")
        : Buffer.from(data as ArrayBuffer).toString("utf8");
      this.touch();
      this.queue = this.queue
        .then(() => this.handle(text, isBinary))
        .catch((error) => this.context.log(`session handler failed: ${errorMessage(error)}`));
    });
    // ws reports protocol violations (e.g. a message over maxPayload: close 1009) here; the socket then closes.
    socket.on("error", (error) => this.context.log(`socket error: ${errorMessage(error)}`));
    socket.on("close", () => void this.end());
    this.touch();
  }

  /** Finish the message in hand, then close the session and the socket with `code`. */
  async shutdown(code: number, reason: string): Promise<void> {
    await this.queue;
    this.closeSocket(code, reason);
    await this.end();
  }

  private touch(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    if (this.ended) return;
    this.idleTimer = setTimeout(() => {
      void this.queue.then(() => {
        this.closeSocket(1000, "idle timeout");
        return this.end();
      });
    }, this.settings.idleTimeoutMs);
    this.idleTimer.unref?.();
  }

  private async handle(text: string, _isBinary: boolean): Promise<void> {
    if (this.ended) return;
    const json = parseBoundedJson(text);
    if (!json.ok) {
      if (json.reason === "syntax") return this.send(errorReply("INVALID_JSON", `Invalid JSON: ${json.message}`));
      // Too deep to validate or answer about without recursing: refused whole, the session lives on.
      return this.send(validationReply([jsonLimitError(json.reason, json.message)], json.message));
    }
    const message = json.value;
    if (typeof message !== "object" || message === null || Array.isArray(message)) {
      this.send(
        errorReply(
          "SESSION_ERROR",
          `Session error: a message must be a JSON object, got ${Array.isArray(message) ? "an array" : message === null ? "null" : typeof message}`,
        ),
      );
      this.closeSocket(1000, "session error");
      return this.end();
    }
    const type = (message as JsonObject).type;
    if (typeof type !== "string" || !(serveMessageTypes as readonly string[]).includes(type)) {
      return this.send(
        errorReply(
          "UNKNOWN_TYPE",
          `Unknown message type: ${typeof type === "string" ? type : JSON.stringify(type ?? null)}`,
        ),
      );
    }
    const parsed = serveMessageSchemas[type as ServeMessageType].safeParse(message);
    if (!parsed.success) return this.send(validationReply(validationErrors(parsed.error, message)));
    const data = (parsed.data as { data?: JsonObject }).data;
    switch (type as ServeMessageType) {
      case "reset":
        return this.send(await this.session.reset(data ?? {}));
      case "step":
        return this.send(await this.session.step(data as JsonObject));
      case "state":
        return this.send(await this.session.state());
      case "mcp":
        return this.send({ type: "mcp", data: await answerMcp(this.session, data as JsonObject) });
      case "close":
        this.closeSocket(1000, "");
        return this.end();
    }
  }

  private send(reply: JsonObject | Json): void {
    if (this.ended || this.socket.readyState !== this.socket.OPEN) return;
    this.socket.send(JSON.stringify(reply));
    this.touch();
  }

  private closeSocket(code: number, reason: string): void {
    if (this.socket.readyState === this.socket.OPEN || this.socket.readyState === this.socket.CONNECTING)
      this.socket.close(code, reason);
  }

  private async end(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.settings.onEnd();
    await this.session.close();
  }
}
