import { createHash } from "node:crypto";
import { stableStringify, type Json } from "./json.js";

/**
 * The content hash of a JSON value: SHA-256 (hex) of its JSON with sorted keys, so equal
 * values hash alike whatever their key order. Stack ids, policy artifacts and queue job
 * ids are all derived from it.
 */
export function contentHash(value: Json): string {
  return createHash("sha256").update(stableStringify(value)).digest("hex");
}
