import type { OpenEnvSocketTimeouts } from "./openenv-socket.js";
import { OpenEnvSocket } from "./openenv-socket.js";

/** The session count a CAPACITY_REACHED payload states (`max_sessions`), if it is a positive integer. */
export function statedCapacity(payload: Record<string, unknown>): number | null {
  const value = payload.max_sessions;
  return typeof value === "number" && Number.isInteger(value) && value >= 1 ? value : null;
}

/**
 * Find how many sessions an OpenEnv server takes: open sessions one after another (each
 * asked for its `state`, which OpenEnv answers without starting an episode; any answer
 * but CAPACITY_REACHED means the session was opened) until the
 * server answers CAPACITY_REACHED — its `max_sessions` is the capacity — or `limit` are
 * open (capacity at least `limit`: `null`, no limit worth keeping). Every probe session is
 * closed before it returns. A server that cannot be reached, or answers otherwise, gives
 * `null` too: the episodes' own connections then report what is wrong.
 */
export async function probeOpenEnvCapacity(
  webSocketUrl: string,
  limit: number,
  timeouts: OpenEnvSocketTimeouts,
): Promise<number | null> {
  const open: OpenEnvSocket[] = [];
  try {
    while (open.length < limit) {
      const socket = await OpenEnvSocket.connect(webSocketUrl, timeouts);
      open.push(socket);
      const reply = await socket.request({ type: "state" }, "state");
      // Any other answer (a state, or an error such as "reset first") came from a session.
      if (reply.type === "error" && reply.data.code === "CAPACITY_REACHED")
        return statedCapacity(reply.data) ?? Math.max(1, open.length - 1);
    }
    return null;
  } catch {
    return null;
  } finally {
    await Promise.all(open.map((socket) => socket.close()));
  }
}
