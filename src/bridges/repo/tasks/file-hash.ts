import { createHash } from "node:crypto";

/** sha256 of a file's text (how a policy recognises the tree it was given). */
export function fileHash(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
