import type { IncomingMessage } from "node:http";

/** A request body, or why it could not be read. */
export type RequestBody = { ok: true; text: string } | { ok: false; tooLarge: true };

/** Read a request body of at most `limit` bytes (a larger one is drained and refused). */
export function readRequestBody(request: IncomingMessage, limit: number): Promise<RequestBody> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      else chunks.push(chunk);
    });
    request.on("end", () =>
      resolve(tooLarge ? { ok: false, tooLarge: true } : { ok: true, text: Buffer.concat(chunks).toString("utf8") }),
    );
    request.on("error", reject);
  });
}
